#!/usr/bin/env bash
# run --resume REPORT: the complete passes of REPORT are kept as they are (run ids too) and the
# others measured, so that the final report counts what an uninterrupted run does; a REPORT not
# there yet starts afresh; one from other settings or solvers is refused (exit 2, naming the
# difference), and so is --per-puzzle with it. Every pass names the run that measured it.
# Usage: resume_test.sh SUDOKU_BENCH DATASETS_DIR PYTHON
set -euo pipefail
bench=$1 data=$2 python=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/lib.sh"
base=(run --threads 1 --repetitions 3 --min-time 0 --no-progress)
common=("${base[@]}" --solver bitmask --warmup-seconds 0)
files=("$data/top95.txt" "$data/easy50.txt")

# Not there yet: measured afresh, and written where --json says.
"$bench" "${common[@]}" --resume "$work/r.json" --json "$work/r.json" "${files[@]}" >/dev/null 2>"$work/first.err"
grep -q "passes kept" "$work/first.err" && { echo "FAIL: a report not there yet was resumed"; exit 1; }
# An interrupted run's report, as SIGTERM leaves it: the second repetition of top95 cut short, the
# third of each not measured.
"$python" - "$work" <<'PY'
import json, sys
work = sys.argv[1]
r = json.load(open(f"{work}/r.json"))
runs = [p for p in r["runs"] if p["repetition"] < 3]
for p in runs:
    if p["dataset"] == "top95" and p["repetition"] == 2:
        p["complete"] = False
r["runs"], r["interrupted"] = runs, True
json.dump(r, open(f"{work}/cut.json", "w"))
PY
cp "$work/cut.json" "$work/resumed.json"
"$bench" "${common[@]}" --resume "$work/resumed.json" --json "$work/resumed.json" "${files[@]}" >/dev/null \
  2>"$work/resume.err"
grep -q -- "--resume .*resumed.json: 3 of 6 passes kept, 3 to measure" "$work/resume.err" ||
  { echo "FAIL: what --resume said:"; cat "$work/resume.err"; exit 1; }
"$python" - "$work" <<'PY'
import json, sys
work = sys.argv[1]
def fail(msg): print("FAIL: --resume:", msg); sys.exit(1)
whole, cut, resumed = (json.load(open(f"{work}/{n}.json")) for n in ("r", "cut", "resumed"))
if resumed.get("interrupted"): fail("the resumed report is still marked interrupted")
# Written by the supervisor, every pass still names the run that measured it.
if any(not p["run_id"] for p in whole["runs"] + resumed["runs"]): fail("a pass without its run id")
key = lambda p: (p["dataset"], p["solver"], p["threads"], p["repetition"])
got = {key(p): p for p in resumed["runs"]}
if sorted(got) != sorted(key(p) for p in whole["runs"]) or len(got) != len(resumed["runs"]): fail(f"passes {sorted(got)}")
for p in cut["runs"]:
    if p["complete"] and got[key(p)]["run_id"] != p["run_id"]: fail(f"{key(p)} was measured again")
    if not p["complete"] and got[key(p)]["run_id"] == p["run_id"]: fail(f"{key(p)}, cut short, was kept")
for p in whole["runs"]:
    q = got[key(p)]
    if not q["complete"] or q["status"] != p["status"] or q["tree_size"]["buckets"] != p["tree_size"]["buckets"]:
        fail(f"{key(p)} counts differ from the uninterrupted run's")
print("resume: 3 passes kept, 3 measured; the counts of an uninterrupted run")
PY

# Everything kept: nothing measured, the same passes.
"$bench" "${common[@]}" --resume "$work/r.json" --json "$work/again.json" "${files[@]}" >/dev/null 2>"$work/again.err"
grep -q "6 of 6 passes kept, 0 to measure" "$work/again.err" || { echo "FAIL: a whole report resumed:"; cat "$work/again.err"; exit 1; }

# Refused: other settings, other solvers, --per-puzzle.
expect_refused "other settings" 2 "other settings: .*warmup_seconds" \
  "$bench" "${base[@]}" --solver bitmask --warmup-seconds 0.01 --resume "$work/r.json" --json "$work/x.json" "${files[@]}"
expect_refused "other solvers" 2 "other solvers, thread counts, shard or --min-time" \
  "$bench" "${base[@]}" --solver fast --warmup-seconds 0 --resume "$work/r.json" --json "$work/x.json" "${files[@]}"
expect_refused "another shard" 2 "other solvers, thread counts, shard or --min-time" \
  "$bench" "${common[@]}" --shard 1/2 --resume "$work/r.json" --json "$work/x.json" "${files[@]}"
expect_refused "--per-puzzle" 2 "--per-puzzle and --resume" \
  "$bench" "${common[@]}" --per-puzzle "$work/rows.csv" --resume "$work/r.json" "${files[@]}"
# A report of other files (issue 55): refused, and the report left as it was, not overwritten.
cp "$work/r.json" "$work/other.json"
other_sum=$(sha256sum "$work/other.json")
expect_refused "other files" 2 "measured other files (.*top95.txt, not given here)" \
  "$bench" "${common[@]}" --resume "$work/other.json" --json "$work/other.json" "$data/easy50.txt"
[[ "$(sha256sum "$work/other.json")" == "$other_sum" ]] || { echo "FAIL: other files: the report was changed"; exit 1; }
echo "resume: refusals named"
