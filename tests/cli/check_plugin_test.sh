#!/usr/bin/env bash
# check-plugin names the fault of each faulty test plugin (wrong_plugins.cc) on the rule it breaks,
# exit 1, and passes the good ones, exit 0, telling what it works around (the tdoku-like plugin:
# reads byte 81, not reentrant, no solution at limit 2; one that only counts). The same for exec:
# programs: the C and Python example solvers (tests/exec/) pass, the faulty ones (faulty.sh) fail.
# Usage: check_plugin_test.sh SUDOKU_BENCH WRONG_PLUGINS TDOKU_LIKE_PLUGIN EXAMPLE_PLUGIN EXEC_C_SOLVER PYTHON
set -euo pipefail
bench=$1 wrong=$2 tdoku_like=$3 example=$4 exec_c=$5 python=$6
exec_dir=$(cd "$(dirname "$0")/../exec" && pwd)
seconds=2  # a rule that takes longer is a hang
out=$(mktemp)
trap 'rm -f "$out"' EXIT
passed=0 failed=0

# expect STATUS PLUGIN LINE...: the exit status, and lines (grep -E) the report must hold.
expect() {
  local status=$1 plugin=$2
  shift 2
  local got=0
  "$bench" check-plugin --rule-seconds "$seconds" "$plugin" >"$out" 2>&1 || got=$?
  local ok=1
  [ "$got" -eq "$status" ] || { echo "FAIL: $plugin exited $got, expected $status"; ok=0; }
  for line in "$@"; do
    grep -Eq -- "$line" "$out" || { echo "FAIL: $plugin: no line matching '$line'"; ok=0; }
  done
  if [ $ok -eq 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); cat "$out"; fi
}

expect 0 "$wrong:right" "^PASS  reentrant" "^PASS  reads only its 82 bytes" "is usable$"
expect 0 "$example" "^PASS  counts" "is usable$"
expect 0 "plugin:$tdoku_like:tdoku_like" "^NOTE  reads only its 82 bytes +reads byte 81" \
  "^NOTE  reentrant +not reentrant: at [234] threads at once" "^NOTE  solution at limit 2 +writes no solution" \
  "is usable \(sudoku-bench works around"
expect 1 "$wrong:two_for_unique" "^FAIL  counts +wrong count: 2 at limit 2 for a hard unique puzzle"
expect 1 "$wrong:breaks_a_unit" "^FAIL  solution at limit 1 +wrong solution .*a digit repeats"
expect 1 "$wrong:changes_givens" "^FAIL  solution at limit 1 +changes givens .*changes the given"
expect 0 "$wrong:claims_without_writing" \
  "^NOTE  solution at limit 1 +solutions not checked: writes none; counts judged against the reference" \
  "is usable \(sudoku-bench works around"
expect 1 "$wrong:miscounts_without_writing" "^FAIL  counts +wrong count: 2 at limit 2 for a hard unique puzzle"
expect 1 "$wrong:claims_what_it_cannot_find" "^FAIL  solution at limit 1 +finds no solution at limit 1"
expect 1 "$wrong:writes_the_puzzle" "^FAIL  solution at limit 1 +wrong solution .*leaves row 1, column 2 blank"
expect 1 "$wrong:ignores_limit" "^FAIL  respects the limit +ignores the limit: returns 3 at limit 1"
expect 1 "$wrong:reads_past_the_nul" "^FAIL  reads only its 82 bytes +reads past the NUL"
expect 1 "$wrong:crashes" "^FAIL  counts +crashes: SIGSEGV .* on puzzle [1-9.]{81} at limit 2" "is not usable"
# A hang is waited for to the end of its limit (20 times longer under sanitizers): a short one.
seconds=0.3
expect 1 "$wrong:hangs" "^FAIL  counts +hangs: no answer on puzzle [1-9.]{81} at limit 2"
seconds=2
expect 1 "$wrong:no_such_symbol" "^FAIL  loads +plugin '.*' has no function 'no_such_symbol'"
expect 1 "/nonexistent/lib.so" "^FAIL  loads +cannot load plugin"

# exec: programs, through the solver run makes of them.
faulty="sh $exec_dir/faulty.sh"
expect 0 "exec:$exec_c" "^PASS  starts +answers, handed up to 64 puzzles at once" "^PASS  counts" \
  "^PASS  solution at limit 1 +writes a valid solution" "^PASS  answers in batches" \
  "^NOTE  reentrant +not asked: " "^PASS  throughput" "^exec:$exec_c is usable"
expect 0 "exec/1:$exec_c" "^PASS  answers in batches +takes one puzzle at a time" "^exec/1:$exec_c is usable"
expect 0 "exec:$faulty count-only $exec_c" \
  "^NOTE  solution at limit 1 +solutions not checked: writes none; counts judged against the reference" "is usable"
expect 1 "exec:$faulty miscounts $exec_c" "^FAIL  counts +wrong count: 2 at limit 2 for a hard unique puzzle" \
  "is not usable as it is"
expect 1 "exec:$faulty garbage" "^FAIL  starts +fails: answered 'garbage' to [1-9.]{81}" "is not usable as it is"
expect 1 "exec:$faulty exits" "^FAIL  starts +fails: .*\(it exited with status 3\)"
seconds=0.3
# Whichever comes first: the rule's time, or the sight of a program waiting for input it has read.
expect 1 "exec:$faulty waits" \
  "^FAIL  starts +(hangs: no answer on puzzle [1-9.]{81} at limit 2|fails: waits for input while 1 answer is due)"
seconds=2
expect 1 "exec/0:$exec_c" "^FAIL  starts +.*exec/N:COMMAND" "is not usable"
seconds=20  # Python takes a second for what C takes milliseconds for: no hang
expect 0 "exec:$python $exec_dir/solver.py" "^PASS  counts" "^PASS  answers in batches" "is usable"
echo "check-plugin: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
