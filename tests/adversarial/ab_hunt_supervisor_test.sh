#!/usr/bin/env bash
# `ab` and `hunt` under a supervisor, as `run` and `solve` are (issue 63): a solver that ends the
# measuring process (exit(0), _exit(1)), crashes past the harness's guard, signals itself or hangs
# is named, which side and where, exit 4; every round (ab) or find (hunt) measured before is
# written to every output asked, marked interrupted, with no verdict. An interrupted ab writes every
# output (--html too), none with a verdict. No exec: program, nor a child it started in a session
# of its own (setsid), outlives ab, hunt or check-plugin, nor a SIGKILL of ab.
# Before (2c3b614): ab exited 0 with no output after NEW's exit(0), 1 ("NEW is slower") after its
# _exit(1), a raw 139 after the crash, 143 after its raise(SIGTERM); hunt exited 0 with no output
# and no message; an interrupted ab's markdown carried a verdict and --html was not written; a
# setsid child of an exec: program outlived each of them.
here=$(cd "$(dirname "$0")" && pwd)  # before lib.sh moves into the probe's folder
source "$here/lib.sh"
: "${ENDING_PLUGINS:?}" "${PYTHON:?}"
cp "$DATASETS/top95.txt" top95.txt
head -30 "$DATASETS/kaggle_first20k.txt" >easy.txt
wait_s=20
[ -n "${SANITIZE:-}" ] && wait_s=60
plugin() { echo "plugin:$ENDING_PLUGINS:$1@shared"; }  # @shared: no reentrancy check calls it first

# ---- ab: NEW ends the process in round 3 (48 warm-up calls, 95 a round: call 300) ----
ab_args=(ab bitmask --rounds 6 --shards 2 --cpu none --quiet --json ab.json --markdown ab.md --html ab.html
  --reports rep)
mkdir -p rep
# kept NAME: every output written, marked interrupted, no verdict, NEW's first two rounds kept.
kept() {
  local got
  got=$("$PYTHON" -c '
import json
a = json.load(open("ab.json"))["ab"]
n = json.load(open("rep/new.json"))
print(a["interrupted"], a["verdict_line"].startswith("no verdict"), a["rounds"], len(n["runs"]), n["interrupted"])' 2>&1)
  [ "$got" = "True True 2 2 True" ] || fail "$1: ab.json and rep/new.json hold '$got', expected 'True True 2 2 True'"
  head -1 ab.md 2>/dev/null | grep -q '^\*\*no verdict' || fail "$1: ab.md carries a verdict: $(head -1 ab.md 2>&1)"
  grep -qi 'no verdict' ab.html 2>/dev/null || fail "$1: ab.html was not written, or carries a verdict"
  [ ! -s "$work/out" ] || fail "$1: a verdict on standard output: $(head -1 "$work/out")"
  rm -f ab.json ab.md ab.html rep/*.json
}
# ends NAME PLUGIN_SYMBOL PATTERN: NEW (that symbol) ends the measuring process in round 3; exit 4,
# the message matches PATTERN, and every output keeps the first two rounds.
ends() {
  ENDING_AFTER=300 probe "$1" 4 "$BENCH" "${ab_args[@]}" "$(plugin "$2")" top95.txt
  says "$1" "$3"
  kept "$1"
}
ends "ab, NEW calls exit(0)" exits "the measuring process .*(exit\(\) was called while .*exits|SIGABRT|exited with status).*, during round 3 shard [12]/2 of NEW \(new\); no verdict: the 2 rounds measured before are written"
ends "ab, NEW calls _exit(3)" quick_exits "exited with status 3 without finishing .*, during round 3 shard [12]/2 of NEW"
ends "ab, NEW crashes past the guard" crashes_past_the_guard "the measuring process (was ended by SIGSEGV|was ended by SIGABRT|exited with status [0-9]+).*, during round 3 shard [12]/2 of NEW"
ends "ab, NEW raises SIGTERM" raises_sigterm "a solver sent signal 15 to its own process"

# NEW hangs, deaf to every signal, until a user's SIGTERM: the supervisor kills it, the rounds kept, 143.
rm -f harmed
ENDING_AFTER=300 ENDING_MARK=$work/harmed "$BENCH" "${ab_args[@]}" "$(plugin deaf)" top95.txt >"$work/out" 2>"$work/err" &
pid=$!
for ((i = 0; i < wait_s * 10; i++)); do [ -e harmed ] && break; sleep 0.1; done
sleep 0.3
kill -TERM $pid
(sleep "$wait_s" && kill -KILL $pid 2>/dev/null) &  # a supervisor-less ab waits for the call for ever
watchdog=$!
status=0
wait $pid || status=$?
kill $watchdog 2>/dev/null
[ "$status" = 143 ] || fail "ab, NEW hangs: exit $status after SIGTERM, expected 143"
says "ab, NEW hangs" "interrupted by signal 15 \(the measuring process did not stop within [0-9]+ ms of signal 15 .*during round 3 shard [12]/2 of NEW"
kept "ab, NEW hangs"

# ---- ab interrupted by a user: every output, --html too, none with a verdict ----
rm -f ab.json ab.md ab.html rep/*.json
"$BENCH" ab bitmask bitmask "$DATASETS/top1465.txt" --rounds 200 --cpu none --json ab.json --markdown ab.md \
  --html ab.html --reports rep >"$work/out" 2>"$work/err" &
pid=$!
for ((i = 0; i < wait_s * 20; i++)); do grep -q "round 1/" "$work/err" 2>/dev/null && break; sleep 0.05; done
kill -INT $pid
status=0
wait $pid || status=$?
[ "$status" = 130 ] || fail "ab, SIGINT: exit $status, expected 130"
says "ab, SIGINT" "interrupted by signal 2"
[ ! -s "$work/out" ] || fail "ab, SIGINT: standard output holds $(head -1 "$work/out")"
head -1 ab.md 2>/dev/null | grep -q '^\*\*no verdict: interrupted by signal 2' ||
  fail "ab, SIGINT: ab.md carries a verdict: $(head -1 ab.md 2>&1)"
grep -q '"verdict_line": "no verdict: interrupted by signal 2' ab.json || fail "ab, SIGINT: ab.json's verdict_line"
! grep -q '"verdict": "\(slower\|faster\|same\)"' ab.json || fail "ab, SIGINT: ab.json holds a pair's verdict"
grep -q 'no verdict: interrupted by signal 2' ab.html 2>/dev/null || fail "ab, SIGINT: ab.html was not written"
grep -q '"interrupted": true' rep/base.json || fail "ab, SIGINT: rep/base.json is not marked interrupted"
rm -f ab.json ab.md ab.html rep/*.json

# ---- hunt: the solver ends the process; the puzzles found before are written ----
ENDING_AFTER=20000 probe "hunt, the solver calls exit(0)" 4 "$BENCH" hunt --solver "$(plugin exits)" --by time \
  --threads 1 --seconds 120 --no-progress --out found.txt
says "hunt, the solver calls exit(0)" "the hunting process .*(exit\(\) was called|SIGABRT|exited with status).*; the 10 puzzles found in the [0-9]+ evaluations before are written"
[ "$(grep -c '^[0-9.]\{81\}:' found.txt 2>/dev/null)" = 10 ] || fail "hunt, the solver calls exit(0): found.txt does not hold 10 puzzles"
rm -f found.txt
ENDING_AFTER=20000 probe "hunt, the solver crashes past the guard" 4 "$BENCH" hunt --by time --threads 1 \
  --solver "$(plugin crashes_past_the_guard)" --seconds 120 --no-progress
says "hunt, the solver crashes past the guard" "the hunting process (was ended by SIGSEGV|was ended by SIGABRT|exited with status [0-9]+)"
[ "$(grep -c '^[0-9.]\{81\}:' "$work/out")" = 10 ] || fail "hunt, the solver crashes past the guard: standard output does not hold 10 puzzles"

# ---- no exec: program, nor a child it started with setsid, outlives ab, hunt, check-plugin ----
# (Not under TSan, which defers an orphaned child's handler while its threads wait in the kernel.)
solver="$PYTHON $here/../exec/solver.py"
zeros='while read p l; do echo 0; done'  # answers at once: the rules and the hunt are quick
left() {  # left NAME: fails NAME when a `sleep 6xy` it started is still there 2 s on
  for _ in $(seq 10); do [ -n "$(own -f '^sleep 6[0-9][0-9]\.5')" ] || return 0; sleep 0.2; done
  fail "$1: left $(own -f '^sleep 6[0-9][0-9]\.5' | wc -l) processes"
  own_kill -KILL -f '^sleep 6[0-9][0-9]\.5'
}
if [ "${SANITIZE:-}" != thread ]; then
  status=0
  "$BENCH" ab bitmask "exec:setsid sleep 601.5 & exec $solver" easy.txt --rounds 6 --shards 2 --cpu none --quiet \
    >"$work/out" 2>"$work/err" || status=$?
  [ "$status" -le 1 ] || fail "ab, a setsid child of an exec: program: exit $status, expected a verdict (0 or 1)"
  left "ab, a setsid child of an exec: program"
  probe "hunt, a setsid child of an exec: program" 0 "$BENCH" hunt --solver "exec:setsid sleep 602.5 & $zeros" \
    --by time --box 3 --evaluations 20 --threads 1 --no-progress
  left "hunt, a setsid child of an exec: program"
  "$BENCH" check-plugin --rule-seconds 3 "exec:setsid sleep 603.5 & $zeros" >"$work/out" 2>"$work/err"
  left "check-plugin, a setsid child of an exec: program"
  "$BENCH" ab bitmask "exec:setsid sleep 604.5 & exec $solver" "$DATASETS/top1465.txt" --rounds 6 --cpu none \
    --quiet >"$work/out" 2>"$work/err" &
  pid=$!
  for ((i = 0; i < wait_s * 10; i++)); do [ -n "$(own -f '^sleep 604\.5')" ] && break; sleep 0.1; done
  kill -KILL $pid
  wait $pid 2>/dev/null
  left "ab, SIGKILL"
fi
finish
