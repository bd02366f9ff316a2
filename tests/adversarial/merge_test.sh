#!/usr/bin/env bash
# merge and compare against reports that lie: one report given twice (compare would see its passes
# as independent repetitions: p = 0.20 became p = 0.0097), a merged report merged again with one of
# its sources, and fields out of range (threads -3, counts past 2^64 - 1 or negative, seconds that
# are not finite). Each is refused naming the file (and the field), nothing is written.
source "$(dirname "$0")/lib.sh"

"$BENCH" run --threads 1 --repetitions 2 --min-time 0 --no-progress --json a.json "$DATASETS/top95.txt" >/dev/null 2>&1 ||
  fail "run a.json"
"$BENCH" run --threads 1 --repetitions 2 --min-time 0 --no-progress --json b.json "$DATASETS/top95.txt" >/dev/null 2>&1 ||
  fail "run b.json"
a_sum=$(sum_of a.json)

# One report three times, or twice: refused, both places named, nothing written.
probe "same report three times" 2 "$BENCH" merge --json m.json a.json a.json a.json
says "same report three times" "a\.json \(input 2\) repeats a pass of a\.json \(input 1\): top95 bitmask threads=1 repetition 1"
[ ! -e m.json ] || fail "same report three times: m.json was written"
probe "same report twice" 2 "$BENCH" merge --json m.json a.json a.json
says "same report twice" "a\.json \(input 2\) repeats a pass of a\.json \(input 1\)"
[ ! -e m.json ] || fail "same report twice: m.json was written"
same "same report twice" a.json "$a_sum"

# Two runs merge; the merged report merged again with one of its sources is refused.
probe "two runs" 0 "$BENCH" merge --json m.json a.json b.json
[ -s m.json ] || fail "two runs: m.json was not written"
probe "merged again with a source" 2 "$BENCH" merge --json m2.json m.json b.json
says "merged again with a source" "b\.json \(input 2\) repeats a pass of m\.json \(input 1\): top95 bitmask threads=1 repetition 1 \(repetition 3 there\)"
[ ! -e m2.json ] || fail "merged again with a source: m2.json was written"
probe "merged report twice" 2 "$BENCH" merge --json m2.json m.json m.json
says "merged report twice" "m\.json \(input 2\) repeats a pass of m\.json \(input 1\)"

# A report of the schema before run ids: merged with a warning; a copy of it is still caught by its figures.
"$PYTHON" - <<'EOF' || fail "editing reports"
import json

def edit(name, change):
    report = json.load(open("a.json"))
    change(report)
    with open(name, "w") as f:
        f.write(json.dumps(report))

def old(r):
    r["schema"] = "sudoku-bench/5"
    for p in r["runs"]:
        p.pop("run_id", None)

edit("old.json", old)
edit("threads.json", lambda r: r["runs"][1].update(threads=-3))
edit("negative.json", lambda r: r["runs"][0]["status"].update(unique=-5))
edit("huge.json", lambda r: r["runs"][0]["status"].update(unique=2**64))
edit("wraps.json", lambda r: r["runs"][0]["status"].update(none=2**64 - 1))
edit("seconds.json", lambda r: r["runs"][0].update(cpu_seconds=-0.5))
edit("reps.json", lambda r: r["runs"][0].update(repetition=0))
edit("nan.json", lambda r: r["runs"][0]["latency_ns"].update(mean=float("nan")))
EOF
sed 's/"wall_seconds": [0-9.e+-]*/"wall_seconds": 1e400/' a.json >infinite.json

probe "old schema" 0 "$BENCH" merge --json o.json old.json b.json
says "old schema" "warning: old\.json has passes without a run_id"
probe "old schema twice" 2 "$BENCH" merge --json o2.json old.json old.json
says "old schema twice" "old\.json \(input 2\) repeats a pass of old\.json \(input 1\): .* has the same figures"
[ ! -e o2.json ] || fail "old schema twice: o2.json was written"

# Fields out of range: merge and compare both refuse, exit 3, naming the file and the field.
check_field() {
  local file=$1 field=$2
  rm -f x.json
  probe "merge $file" 3 "$BENCH" merge --json x.json a.json "$file"
  says "merge $file" "sudoku-bench merge: $file: $field"
  [ ! -e x.json ] || fail "merge $file: x.json was written"
  probe "compare $file" 3 "$BENCH" compare a.json "$file"
  says "compare $file" "sudoku-bench compare: $file: $field"
}
check_field threads.json 'runs\[1\]\.threads: -3 is not a thread count >= 1'
check_field negative.json 'runs\[0\]\.status\.unique: -5 is not a whole number >= 0'
check_field huge.json 'runs\[0\]\.status\.unique: .* is not a whole number >= 0'
check_field wraps.json 'runs\[0\]\.status: the counts .*add up to more than 2\^64 - 1'
check_field seconds.json 'runs\[0\]\.cpu_seconds: -0\.5 is not a finite number of seconds >= 0'
check_field reps.json 'runs\[0\]\.repetition: 0 is not a repetition number >= 1'
# NaN and 1e400 are no JSON numbers: refused as not JSON, still naming the file, never a crash.
check_field nan.json ""
check_field infinite.json ""

# Reports kept gzip-compressed (results/ keeps its large ones so) are read as they were written; a
# cut-short or corrupt one is an input error naming the file (exit 3), never a report that lost its tail.
gzip -c a.json > a.json.gz && gzip -c b.json > b.json.gz || fail "gzip"
probe "gzip reports" 0 "$BENCH" merge --json mz.json a.json.gz b.json.gz
cmp <("$PYTHON" -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["runs"]))' mz.json) <(echo 4) >/dev/null ||
  fail "gzip reports: mz.json does not hold the 4 passes"
probe "gzip report compared" 0 "$BENCH" compare a.json.gz b.json
head -c 200 a.json.gz > cut.json.gz
probe "gzip report cut short" 3 "$BENCH" compare cut.json.gz b.json
says "gzip report cut short" "cut\.json\.gz"
printf '\x1f\x8b\x08\x00garbage' > bad.json.gz
probe "corrupt gzip report" 3 "$BENCH" merge --json m3.json bad.json.gz b.json
says "corrupt gzip report" "bad\.json\.gz"
[ ! -e m3.json ] || fail "corrupt gzip report: m3.json was written"
# Written gzip-compressed when the name ends in .gz (run --json, merge --json; --per-puzzle too), and
# read back the same.
probe "merge into a gzip report" 0 "$BENCH" merge --json m.json.gz a.json b.json
gzip -t m.json.gz 2>/dev/null || fail "merge into a gzip report: m.json.gz is not gzip"
cmp <(gzip -dc m.json.gz) m.json >/dev/null || fail "merge into a gzip report: not the bytes of m.json"
probe "run into a gzip report" 0 "$BENCH" run --threads 1 --repetitions 1 --min-time 0 --no-progress --json r.json.gz \
  --markdown r.md "$DATASETS/easy50.txt"
gzip -t r.json.gz 2>/dev/null || fail "run into a gzip report: r.json.gz is not gzip"
probe "a run's gzip report read back" 0 "$BENCH" report --markdown r2.md r.json.gz
cmp r.md r2.md >/dev/null || fail "a run's gzip report read back: its table differs from the run's"
same "inputs untouched" a.json "$a_sum"
finish
