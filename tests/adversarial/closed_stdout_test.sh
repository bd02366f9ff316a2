#!/usr/bin/env bash
# A reader that goes away (`| head`) is an output error, said and status 3, for every command that
# writes to standard output: never the silent status 141 of a SIGPIPE death (issue 47).
source "$(dirname "$0")/lib.sh"
"$BENCH" run --threads 1 --repetitions 4 --min-time 0 --warmup-seconds 0 --no-progress --json r.json \
  "$DATASETS/top95.txt" >/dev/null 2>&1 || fail "the report for the probes: not written"
# history counts a report once (by run id): a second run for its two.
"$BENCH" run --threads 1 --repetitions 1 --min-time 0 --warmup-seconds 0 --no-progress --json r2.json \
  "$DATASETS/top95.txt" >/dev/null 2>&1 || fail "the second report for the probes: not written"

# closed NAME COMMAND...: COMMAND's standard output is a pipe whose reader has exited (the sleep
# lets `true` go first); it must exit 3 and name standard output.
closed() {
  local name=$1
  shift
  { sleep 0.3; "$@" 2>"$work/err"; echo $? >"$work/status"; } | true
  status=$(cat "$work/status")
  [ "$status" = 3 ] || fail "$name: exit $status, expected 3"
  says "$name" "(standard output|<stdout>): cannot write"
  [ "$(grep -c "cannot write" "$work/err")" = 1 ] || fail "$name: the failed write is not said exactly once"
}

closed "solve" "$BENCH" solve "$DATASETS/top95.txt"
closed "run" "$BENCH" run --threads 1 --repetitions 1 --min-time 0 --warmup-seconds 0 --no-progress \
  "$DATASETS/top95.txt"
closed "report --html -" "$BENCH" report --html - r.json
closed "report --markdown -" "$BENCH" report --markdown - r.json
closed "compare" "$BENCH" compare r.json r.json
closed "history" "$BENCH" history r.json r2.json
closed "solvers" "$BENCH" solvers
closed "hunt" "$BENCH" hunt --box 3 --seconds 0.2 --threads 1 --no-progress
closed "check-plugin" "$BENCH" check-plugin --rule-seconds 1 "$WRONG_PLUGINS:right"
finish
