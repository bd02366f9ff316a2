#!/usr/bin/env bash
# `ab` as a careless or hostile user meets it: a solver that crashes, outputs that cannot be
# written, a CPU that is not there, a pipe for a file, one name for both sides, and a Ctrl-C and a
# SIGTERM in the middle of the rounds (exit 128+N, no verdict, the rounds before written, nothing
# left in TMPDIR).
# Usage: ab_test.sh SUDOKU_BENCH WRONG_PLUGINS.so DATASETS_DIR
set -euo pipefail
bench=$1 wrong=$2 datasets=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TMPDIR=$work/tmp
mkdir -p "$TMPDIR"
top95=$datasets/top95.txt
fails=0

expect() {  # expect STATUS TEXT-IN-STDERR -- ab ARGS...
  local want=$1 text=$2
  shift 3
  local status=0
  "$bench" ab "$@" >"$work/out" 2>"$work/err" || status=$?
  if [ "$status" -ne "$want" ] || ! grep -qF -- "$text" "$work/err"; then
    echo "FAIL: ab $*: exit $status (expected $want), stderr:"
    cat "$work/err"
    fails=$((fails + 1))
  fi
}

expect 4 "crashes" -- bitmask "plugin:$wrong:crashes" "$top95" --rounds 6 --shards 2 --cpu none
expect 3 "--json" -- bitmask fast "$top95" --json "$work/no/such/folder/v.json"
expect 2 "--cpu" -- bitmask fast "$top95" --cpu 99999
expect 2 "--cpu" -- bitmask fast "$top95" --cpu first
expect 2 "both named same" -- same=bitmask same=fast "$top95"
expect 2 "can be read only once" -- bitmask fast /dev/stdin </dev/null
expect 2 "no sudoku-bench at" -- bitmask bitmask "$top95" --new-bench "$work/nothing"
expect 5 "answers differ" -- "plugin:$wrong:right" "plugin:$wrong:two_for_unique" "$top95" --rounds 6 --shards 2 --cpu none
# The records whose answers differ, named FILE:LINE with both sides' answers, before any table.
expect 5 "top95.txt:1: base unique, new multiple" -- "plugin:$wrong:right" "plugin:$wrong:two_for_unique" "$top95" \
  --rounds 6 --shards 2 --cpu none
head -1 "$work/out" | grep -q "^new's answers differ from base's" ||
  { echo "FAIL: differing answers are not the first line:"; head -3 "$work/out"; fails=$((fails + 1)); }
# A time budget too small for one round: said at once, with the budget it needs, and no pass (exit 2).
expect 2 "a verdict needs 6 rounds or more: give --max-seconds" -- bitmask norvig \
  "$datasets/forum_hardest_1905_11plus.txt" --max-seconds 1 --cpu none
# The verdict is the first line of the output.
expect 0 "round 6/6" -- bitmask bitmask "$top95" --rounds 6 --shards 2 --cpu none
head -1 "$work/out" | grep -qE "^new is [0-9.]+% (slower|faster) than base \(CPU/puzzle .*\), p = .*: " ||
  { echo "FAIL: the first line is no verdict:"; head -3 "$work/out"; fails=$((fails + 1)); }

# Interrupted mid-rounds: SIGINT (a terminal's Ctrl-C) and SIGTERM (timeout, a cancelled job).
# Each in a folder of its own. Once in CI (TSan) both files of a SIGINT probe were gone when it
# ended, exit 130 all the same; not reproduced since: such a probe says what it found and is tried
# again (at most three times), so that a vanished file is told apart from a wrong answer.
interrupted() {  # interrupted SIGNAL DIR: 0 if it held; 1 if it failed; 2 if its files vanished
  local signal=$1 dir=$2 pid status want
  mkdir -p "$dir/rep"
  "$bench" ab bitmask bitmask "$datasets/top1465.txt" --rounds 200 --cpu none --reports "$dir/rep" \
    --json "$dir/ab.json" >"$dir/out" 2>"$dir/err" &
  pid=$!
  local rounds=0
  for _ in $(seq 200); do
    grep -q "round 1/" "$dir/err" 2>/dev/null && rounds=1 && break
    sleep 0.05
  done
  kill -"$signal" $pid
  status=0
  wait $pid || status=$?
  want=$((128 + $(kill -l "$signal")))
  if [ ! -e "$dir/err" ] || [ ! -e "$dir/out" ]; then
    echo "SIG$signal mid-rounds: exit $status; its output files vanished: $(ls -A "$dir" 2>&1 | tr '\n' ' ')"
    return 2
  fi
  if [ "$status" -ne "$want" ] || ! grep -q "interrupted by signal" "$dir/err" || [ -s "$dir/out" ]; then
    echo "FAIL: SIG$signal mid-rounds: exit $status (expected $want), stdout $(wc -c <"$dir/out") bytes, stderr:"
    cat "$dir/err"
    return 1
  fi
  # The rounds measured before the signal are kept, marked interrupted (issue 55); none when the
  # first round had not ended in 10 s (a sanitizer build), and the files say so all the same.
  if ! grep -q '"interrupted": true' "$dir/ab.json" 2>/dev/null ||
    ! grep -q '"interrupted": true' "$dir/rep/base.json" 2>/dev/null ||
    { [ "$rounds" = 1 ] && ! grep -q '"repetition": 1' "$dir/rep/new.json" 2>/dev/null; }; then
    echo "FAIL: SIG$signal mid-rounds: the rounds measured were not written: $(ls -A "$dir" "$dir/rep" | tr '\n' ' ')"
    cat "$dir/err"
    return 1
  fi
}
for signal in INT TERM; do
  for attempt in 1 2 3; do
    result=0
    interrupted "$signal" "$work/$signal.$attempt" || result=$?
    [ "$result" -ne 2 ] && break
  done
  [ "$result" -eq 0 ] || fails=$((fails + 1))
done
if [ -n "$(ls -A "$TMPDIR")" ]; then
  echo "FAIL: left in TMPDIR: $(ls -A "$TMPDIR")"
  fails=$((fails + 1))
fi
[ "$fails" -eq 0 ] && echo "ab: all probes hold"
exit "$fails"
