#!/usr/bin/env bash
# A plugin's constructors (the code dlopen runs) run first in a child process, 10 s at most, so that
# one that hangs, aborts or ends the process is refused by name before anything is measured
# (status 4; check-plugin: a FAIL on "loads", status 1), and SIGINT or SIGTERM still stops the
# command within a second (issue 47). Before, a hanging constructor hung run and check-plugin with
# SIGTERM ignored, and one that aborted ended the run with 134, nothing said.
source "$(dirname "$0")/lib.sh"
: "${CONSTRUCTOR_PLUGIN:?}"
run=("$BENCH" run --threads 1 --repetitions 1 --min-time 0 --warmup-seconds 0 --no-progress
  --solver "plugin:$CONSTRUCTOR_PLUGIN" "$DATASETS/top95.txt")
slack_ms=1000
[ -n "${SANITIZE:-}" ] && slack_ms=3000

# The plugin itself is sound: without the variable it loads, passes and is measured.
probe "a sound constructor" 0 "${run[@]}"
probe "a sound constructor, check-plugin" 0 "$BENCH" check-plugin --rule-seconds 2 "$CONSTRUCTOR_PLUGIN"

constructor() { SUDOKU_BENCH_TEST_CONSTRUCTOR=$1 "${@:2}"; }
for cmd in run solve; do
  if [ $cmd = run ]; then args=("${run[@]}"); else
    args=("$BENCH" solve --solver "plugin:$CONSTRUCTOR_PLUGIN" "$DATASETS/top95.txt"); fi
  probe "$cmd, aborting constructor" 4 constructor abort "${args[@]}"
  says "$cmd, aborting constructor" "plugin '.*' crashed with SIGABRT .* while loading: its constructors .* fail: nothing was measured"
  [ ! -s out ] || fail "$cmd, aborting constructor: something was measured"
done
probe "run, constructor calling exit(0)" 4 constructor exit0 "${run[@]}"
# A sanitizer's exit-time checks may turn the child's exit into an abort: either is named.
says "run, constructor calling exit(0)" "plugin '.*' (ended the process while loading, exit status 0|crashed with)"
probe "run, constructor calling _exit(3)" 4 constructor exit3 "${run[@]}"
says "run, constructor calling _exit(3)" "plugin '.*' ended the process while loading, exit status 3: its constructors"
probe "check-plugin, aborting constructor" 1 constructor abort "$BENCH" check-plugin "$CONSTRUCTOR_PLUGIN"
grep -Eq "^FAIL  loads +plugin '.*' crashed with SIGABRT" out || fail "check-plugin, aborting constructor: no FAIL on loads"

# A hang: the limit, 10 s (200 s in a sanitizer build, which scales every child's limit: not waited for).
if [ -z "${SANITIZE:-}" ]; then
  probe "run, hanging constructor" 4 constructor hang timeout -k 3 30 "${run[@]}"
  says "run, hanging constructor" "plugin '.*' did not finish loading within 10 s: its constructors"
  probe "check-plugin, hanging constructor" 1 constructor hang timeout -k 3 30 "$BENCH" check-plugin "$CONSTRUCTOR_PLUGIN"
  grep -Eq "^FAIL  loads +plugin '.*' did not finish loading within 10 s" out ||
    fail "check-plugin, hanging constructor: no FAIL on loads"
fi
# ... and a signal during it: gone within a second, 128+N.
for cmd in run check-plugin; do
  if [ $cmd = run ]; then args=("${run[@]}"); else args=("$BENCH" check-plugin "$CONSTRUCTOR_PLUGIN"); fi
  start=${EPOCHREALTIME/./}
  probe "$cmd, SIGTERM while loading" 143 constructor hang timeout --preserve-status -k 3 1 "${args[@]}"
  took_ms=$(((${EPOCHREALTIME/./} - start) / 1000))
  [ "$took_ms" -le $((1000 + slack_ms)) ] || fail "$cmd, SIGTERM while loading: took $took_ms ms"
  says "$cmd, SIGTERM while loading" "interrupted"
done
# A report interrupted while its solver loads names the thread counts the run was to measure
# (1 to the CPUs without --threads), with the supervisor and without: it once wrote "threads": [].
for how in supervised --no-supervisor; do
  extra=()
  [ $how = supervised ] || extra=(--no-supervisor)
  rm -f r.json
  probe "run ($how), SIGINT while loading" 130 constructor hang timeout --preserve-status -s INT -k 3 1 \
    "$BENCH" run "${extra[@]}" --repetitions 1 --min-time 0 --warmup-seconds 0 --no-progress \
    --solver "plugin:$CONSTRUCTOR_PLUGIN" --json r.json "$DATASETS/top95.txt"
  "$PYTHON" -c 'import json,sys; t=json.load(open("r.json"))["settings"]["threads"]; sys.exit(not t or t != list(range(1, len(t) + 1)))' ||
    fail "run ($how), SIGINT while loading: settings.threads in r.json is not 1 to the CPUs"
done
finish
