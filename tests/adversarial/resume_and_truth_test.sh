#!/usr/bin/env bash
# --resume only adds, and what is written is true (issue 63): a report resumed is never written back
# with fewer passes, whatever ends the run (a signal while a plugin loads, or while a pass is measured
# again) or whatever the command line asks (a smaller --repetitions); a file changed under its name is refused by name, and a file
# name of any bytes resumes its own report; compare and merge tell two files of one name apart. A
# pass whose small input was cut while it was measured is dropped, and so are the per-puzzle rows of
# a pass a solver's crash dropped; history counts a copy of a report once; a JSON key given twice,
# a --label key given twice and a closed standard input are refused.
source "$(dirname "$0")/lib.sh"
: "${ENDING_PLUGINS:?}" "${WRONG_PLUGINS:?}" "${CONSTRUCTOR_PLUGIN:?}" "${PYTHON:?}"
cp "$DATASETS/top95.txt" top95.txt
args=(run --threads 1 --repetitions 3 --min-time 0 --warmup-seconds 0 --no-progress)
# passes_in FILE: how many passes the report FILE holds ("none" when it holds no report).
passes_in() { "$PYTHON" -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["runs"]))' "$1" 2>/dev/null || echo none; }

# SIGTERM while a plugin's constructors run, resuming a whole report into itself: every pass kept.
"$BENCH" "${args[@]}" --solver "plugin:$CONSTRUCTOR_PLUGIN@shared" --json R.json top95.txt >/dev/null 2>&1 ||
  fail "the report to resume could not be made"
# shellcheck disable=SC2016 # $pid is the background command's, expanded by meanwhile's eval
meanwhile "SIGTERM while a plugin loads, resumed" 143 0 \
  'for ((i = 0; i < 500; i++)); do pgrep -P $pid >/dev/null && break; sleep 0.01; done; sleep 0.5; kill -TERM $pid' \
  env SUDOKU_BENCH_TEST_CONSTRUCTOR=hang "$BENCH" "${args[@]}" --solver "plugin:$CONSTRUCTOR_PLUGIN@shared" --resume R.json --json R.json top95.txt
[ "$(passes_in R.json)" = 3 ] || fail "SIGTERM while a plugin loads, resumed: R.json holds $(passes_in R.json) of its 3 passes"

# Interrupted again while resuming: a pass the report held cut short, not measured again, stays.
head -20 "$DATASETS/top95.txt" >twenty.txt
slow=(--solver "plugin:$ENDING_PLUGINS:sleeps_each_call@shared" --no-verify)
"$BENCH" "${args[@]}" "${slow[@]}" --json C.json twenty.txt >/dev/null 2>&1 || fail "C.json could not be made"
"$PYTHON" - <<'PY'
import json
r = json.load(open("C.json"))
for p in r["runs"]:
    p["complete"] = p["repetition"] == 1
r["interrupted"] = True
json.dump(r, open("C.json", "w"))
PY
rm -f started
# shellcheck disable=SC2016
meanwhile "interrupted again while resuming" 143 0 \
  'for ((i = 0; i < 3000; i++)); do [ -e started ] && break; sleep 0.01; done; sleep 0.3; kill -TERM $pid' \
  env ENDING_MARK="$work/started" "$BENCH" "${args[@]}" "${slow[@]}" --resume C.json --json C.json twenty.txt
[ "$(passes_in C.json)" = 3 ] || fail "interrupted again while resuming: C.json holds $(passes_in C.json) of its 3 passes"

# A smaller --repetitions would drop passes: refused, the report as it was.
cp "$DATASETS/top95.txt" top95.txt
"$BENCH" "${args[@]}" --solver bitmask --json R.json top95.txt >/dev/null 2>&1 || fail "R.json could not be made"
sum=$(sum_of R.json)
probe "a smaller --repetitions on resume" 2 "$BENCH" "${args[@]/3/1}" --solver bitmask --resume R.json --json R.json top95.txt
says "a smaller --repetitions on resume" "holds repetition [23] of top95 bitmask at 1 threads, which --repetitions 1 would drop"
same "a smaller --repetitions on resume" R.json "$sum"

# The file changed under its name (its size kept, one digit another): refused, naming it.
sed -i '1s/[1-9]/./' top95.txt
probe "a file changed since the report" 2 "$BENCH" "${args[@]}" --solver bitmask --resume R.json --json R.json top95.txt
says "a file changed since the report" "measured top95.txt as it was before it changed: its bytes differ"
same "a file changed since the report" R.json "$sum"
cp "$DATASETS/top95.txt" top95.txt

# A file name that is not UTF-8 resumes its own report.
name=$'bad\xff.txt'
head -20 "$DATASETS/top95.txt" >"$name"
"$BENCH" "${args[@]}" --solver bitmask --json N.json "$name" >/dev/null 2>&1 || fail "N.json could not be made"
probe "a name of any bytes, resumed" 0 "$BENCH" "${args[@]}" --solver bitmask --resume N.json --json N.json "$name"
says "a name of any bytes, resumed" "3 of 3 passes kept, 0 to measure"
rm -f "$name"

# Two files of one name and one record count, in two folders: not paired by compare or merge.
mkdir -p a b
cp "$DATASETS/top95.txt" a/puzzles.txt
head -95 "$DATASETS/kaggle_first20k.txt" >b/puzzles.txt
"$BENCH" "${args[@]}" --solver bitmask --json ra.json a/puzzles.txt >/dev/null 2>&1 || fail "ra.json could not be made"
"$BENCH" "${args[@]}" --solver bitmask --json rb.json b/puzzles.txt >/dev/null 2>&1 || fail "rb.json could not be made"
probe "compare: two files of one name" 2 "$BENCH" compare ra.json rb.json
says "compare: two files of one name" "another file under this name in NEW"
probe "merge: two files of one name" 2 "$BENCH" merge --json m.json ra.json rb.json
says "merge: two files of one name" "measured another file under the name puzzles"
[ ! -e m.json ] || fail "merge: two files of one name: m.json was written"

# A small file (one page) cut while its pass is measured: zeros past its new end are no records.
head -40 "$DATASETS/top95.txt" >small.txt
rm -f started
# shellcheck disable=SC2016
meanwhile "a small input cut during the last pass" 3 0 \
  'for ((i = 0; i < 3000; i++)); do [ -e started ] && break; sleep 0.01; done; truncate -s 1640 small.txt' \
  env ENDING_MARK="$work/started" "$BENCH" "${args[@]/3/1}" --solver "plugin:$ENDING_PLUGINS:sleeps_each_call@shared" --no-verify --json S.json small.txt
says "a small input cut during the last pass" "small.txt: changed while it was read: it shrank from 3280 to 1640 bytes"
! grep -q "bad byte" err || fail "a small input cut during the last pass: zeros read as records"
[ "$(passes_in S.json)" = 0 ] || fail "a small input cut during the last pass: S.json holds $(passes_in S.json) passes"

# A crash caught in a solver call drops its pass, and the pass's per-puzzle rows with it.
{
  head -50 "$DATASETS/top95.txt"
  printf '987654321%072d\n' 0 | tr 0 .
  sed -n 51,95p "$DATASETS/top95.txt"
} >poisoned.txt
probe "per-puzzle rows of a pass dropped" 4 "$BENCH" "${args[@]/3/1}" --no-verify --per-puzzle rows.csv \
  --solver "plugin:$WRONG_PLUGINS:segfaults_on_poison@shared" top95.txt poisoned.txt
rows=$(grep -c '^top95,' rows.csv 2>/dev/null)
[ "$rows" = 95 ] || fail "per-puzzle rows of a pass dropped: $rows rows of top95 kept, expected 95"
! grep -q '^poisoned,' rows.csv || fail "per-puzzle rows of a pass dropped: rows of the dropped pass kept"

# history: a copy and a .gz copy of one report are one measurement.
cp R.json copy.json
gzip -k R.json
probe "history of a report and its copies" 2 "$BENCH" history R.json copy.json R.json.gz
says "history of a report and its copies" "copy.json holds the passes of R.json .*counted once"

# A key given twice in one object: refused, naming the file.
"$PYTHON" -c 'import sys; t=open("R.json").read(); open("dup.json","w").write(t.replace("{", "{\"runs\": [],", 1))'
probe "a JSON key given twice" 3 "$BENCH" merge --json m.json dup.json ra.json
says "a JSON key given twice" "dup.json: the key \"runs\" is given twice"

# A --label key given twice, and a closed standard input.
probe "a --label key given twice" 2 "$BENCH" "${args[@]/3/1}" --label v=1 --label v=2 top95.txt
says "a --label key given twice" "the key v is given twice"
# shellcheck disable=SC2016 # $0 is the program, expanded by that shell
probe "a closed standard input" 3 sh -c '"$0" run --threads 1 --repetitions 1 --min-time 0 --warmup-seconds 0 - <&-' "$BENCH"
says "a closed standard input" "standard input is closed"
finish
