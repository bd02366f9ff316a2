#!/usr/bin/env bash
# The children that check a plugin (check-plugin's rules, the load of a plugin's constructors, run's
# reentrancy check) never outlive sudoku-bench: SIGINT and SIGTERM kill them at once and the command
# reports what it found, 128+N, within a second; and they die with it even when it is SIGKILLed,
# which runs no code of its (PR_SET_PDEATHSIG). Before (issue 47), check-plugin ran a hanging rule
# to its full --rule-seconds after SIGTERM, and a rule's child spun at full CPU for 8 minutes after
# its parent was killed.
source "$(dirname "$0")/lib.sh"
: "${CONSTRUCTOR_PLUGIN:?}"
slack_ms=1000
# The signal comes once the first rule is done: at 1 s, or 3 s in a sanitizer build, where that
# rule took over a second while ctest ran the MPI tests beside it.
signal_s=1
[ -n "${SANITIZE:-}" ] && slack_ms=3000 && signal_s=3

# A hanging rule, 60 s allowed: the signal ends the check, the rules before it reported.
for signal in TERM INT; do
  expected=$([ $signal = TERM ] && echo 143 || echo 130)
  start=${EPOCHREALTIME/./}
  probe "check-plugin, SIG$signal in a hanging rule" "$expected" timeout -s $signal --preserve-status -k 3 $signal_s \
    "$BENCH" check-plugin --rule-seconds 60 "$WRONG_PLUGINS:hangs"
  took_ms=$(((${EPOCHREALTIME/./} - start) / 1000))
  [ "$took_ms" -le $((signal_s * 1000 + slack_ms)) ] || fail "check-plugin, SIG$signal in a hanging rule: took $took_ms ms"
  says "check-plugin, SIG$signal in a hanging rule" "interrupted by signal (15|2) after 1 rule; the lines above say"
  grep -q "^PASS  loads" out || fail "check-plugin, SIG$signal in a hanging rule: the rule before is not reported"
  ! grep -q "^FAIL" out || fail "check-plugin, SIG$signal in a hanging rule: the cut rule is reported as a finding"
done

# orphans NAME COMMAND...: starts COMMAND, SIGKILLs it once it has a child (within 5 s), and fails
# NAME unless every child it had is gone (or a zombie awaiting its reaper) half a second later.
orphans() {
  local name=$1 pid children="" child state i
  shift
  "$@" >"$work/out" 2>"$work/err" &
  pid=$!
  for ((i = 0; i < 50; i++)); do
    children=$(pgrep -P "$pid")
    [ -n "$children" ] && break
    sleep 0.1
  done
  [ -n "$children" ] || fail "$name: no child was started"
  kill -KILL "$pid"
  wait "$pid" 2>/dev/null
  sleep 0.5
  for child in $children; do
    state=$(awk '{print $3}' "/proc/$child/stat" 2>/dev/null)
    if [ -n "$state" ] && [ "$state" != Z ]; then
      fail "$name: child $child outlived its parent (state $state)"
      kill -KILL "$child"
    fi
  done
}
orphans "check-plugin, a spinning rule" "$BENCH" check-plugin --rule-seconds 60 "$WRONG_PLUGINS:spins"
orphans "run, a hanging constructor" env SUDOKU_BENCH_TEST_CONSTRUCTOR=hang "$BENCH" run --no-progress \
  --solver "plugin:$CONSTRUCTOR_PLUGIN" "$DATASETS/top95.txt"
orphans "check-plugin, a hanging constructor" env SUDOKU_BENCH_TEST_CONSTRUCTOR=hang "$BENCH" check-plugin \
  "$CONSTRUCTOR_PLUGIN"
# An exec: program started by a rule's child, in a process group of its own: it goes with the child
# (whose handler does it: not under TSan, where the child dies by SIGKILL, a handler being deferred).
[ "${SANITIZE:-}" != thread ] && {
"$BENCH" check-plugin --rule-seconds 60 'exec:sleep 297' >"$work/out" 2>"$work/err" &
pid=$!
sleep 1.5
kill -KILL "$pid"
wait "$pid" 2>/dev/null
for ((i = 0; i < 10; i++)); do [ -n "$(own -f 'sleep 297')" ] || break; sleep 0.2; done
[ -z "$(own -f 'sleep 297')" ] || fail "check-plugin exec:, SIGKILL: the program outlived sudoku-bench by 2 s"
own_kill -TERM -f 'sleep 297'
}
# An exec: program that ignores SIGTERM and starts a grandchild, never answering: each rule's
# child times out, and when check-plugin ends nothing of it is left (issue 55: 16 processes were).
printf '#!/bin/sh\ntrap "" TERM\nsleep 293 &\nexec sleep 294\n' >deaf.sh
chmod +x deaf.sh
probe "check-plugin, a deaf exec: program" 1 timeout -k 5 120 "$BENCH" check-plugin --rule-seconds 0.3 exec:./deaf.sh
sleep 0.3
left=$(own -f 'sleep 29[34]' | wc -l)
[ "$left" = 0 ] || fail "check-plugin, a deaf exec: program: left $left processes"
own_kill -KILL -f 'sleep 29[34]'

# A plugin that forks and goes on in both processes, or prints: check-plugin's report holds its
# own lines alone, no raw frames of a rule's child, no plugin output.
if [ -n "${ENDING_PLUGINS:-}" ]; then
  for harm in forks_and_returns prints floods_stdout; do
    ENDING_AFTER=5 probe "check-plugin, a plugin that $harm" 0 timeout -k 5 120 "$BENCH" check-plugin \
      "$ENDING_PLUGINS:$harm"
    bad=$(grep -cvE '^(PASS|FAIL|NOTE|SKIP|WARN)  |^plugin:|^$|^ ' out)
    [ "$bad" = 0 ] || fail "check-plugin, a plugin that $harm: $bad foreign lines: $(grep -vE '^(PASS|FAIL|NOTE|SKIP|WARN)  ' out | head -c 300)"
    [ "$(wc -c <out)" -lt 100000 ] || fail "check-plugin, a plugin that $harm: a report of $(wc -c <out) bytes"
  done
  sleep 0.3
  own_kill -KILL -f forks_and_returns
fi
finish
