#!/usr/bin/env bash
# Every signal that would end sudoku-bench (HUP: a closed terminal or a dropped ssh; QUIT, USR1,
# USR2, ALRM) is taken as SIGTERM is: the passes measured are written, marked interrupted, exit
# 128+N. A SIGKILL of sudoku-bench leaves no process and no temporary file, whatever the solver did
# to its own signals; a stop (Ctrl-Z) marks the pass it fell in disturbed; causes are named right.
source "$(dirname "$0")/lib.sh"
: "${ENDING_PLUGINS:?}" "${WRONG_PLUGINS:?}"
cp "$DATASETS/top95.txt" top95.txt
many=(run --threads 1 --repetitions 300 --min-time 0 --warmup-seconds 0 --no-progress --no-verify)
slack=2 later=0
[ -n "${SANITIZE:-}" ] && slack=8 later=4  # a sanitizer's start, twice (the mark), and passes 10x slower

# wait_for FILE: until FILE exists (at most 60 s).
wait_for() { for ((i = 0; i < 600; i++)); do [ -e "$1" ] && return 0; sleep 0.1; done; return 1; }

# report NAME FILE STATUS: FILE is a report marked interrupted holding at least one pass.
report() {
  local got
  got=$("$PYTHON" -c 'import json,sys; r=json.load(open(sys.argv[1])); print(len(r["runs"]) > 0, r["interrupted"])' "$2" 2>&1)
  [ "$got" = "True True" ] || fail "$1: $2 holds '$got', expected passes and \"interrupted\": true"
}

# Each signal at 1.5 s (SIGHUP, as the issue found it), to the process, and SIGHUP to its whole
# process group too, as a closing terminal sends it.
for sig in HUP QUIT USR1 USR2 ALRM; do
  rm -f r.json rows.csv
  at=$((1 + later))
  [ $sig = HUP ] && at=$((1 + later)).5
  meanwhile "run, SIG$sig" $((128 + $(kill -l $sig))) $at 'kill -'$sig' $pid' \
    "$BENCH" "${many[@]}" --json r.json --per-puzzle rows.csv top95.txt
  report "run, SIG$sig" r.json
  grep -q '^top95' rows.csv 2>/dev/null || fail "run, SIG$sig: no per-puzzle rows written"
done
rm -f r.json
meanwhile "run, SIGHUP to its group" 129 $((1 + later)).5 'kill -HUP -- -$pid' setsid "$BENCH" "${many[@]}" --json r.json top95.txt
report "run, SIGHUP to its group" r.json
rm -f r.json
meanwhile "run --no-supervisor, SIGHUP" 129 $((1 + later)).5 'kill -HUP $pid' \
  "$BENCH" "${many[@]}" --no-supervisor --json r.json top95.txt
report "run --no-supervisor, SIGHUP" r.json
# solve: the lines of the records before, the signal named.
for ((i = 0; i < 30; i++)); do cat top95.txt; done >long.txt
meanwhile "solve, SIGHUP" 129 $((1 + later)) 'kill -HUP $pid' "$BENCH" solve --threads 1 --solver backtrack long.txt
says "solve, SIGHUP" "interrupted by signal 1 after [0-9]+ records"
meanwhile "hunt, SIGQUIT" 131 $((1 + later)).5 'kill -QUIT $pid' "$BENCH" hunt --box 3 --threads 1 --no-progress --out hunt.txt
grep -q "^# hunt interrupted: " hunt.txt || fail "hunt, SIGQUIT: its output does not say it was interrupted"

# killed NAME COMMAND...: COMMAND in the background, SIGKILL once its plugin has started (it makes
# the file "started"); within $slack s no process of it is left, nor anything it was to write.
killed() {
  local name=$1
  shift
  rm -f started
  ENDING_MARK=$work/started "$@" >"$work/out" 2>"$work/err" &
  pid=$!
  wait_for started || fail "$name: the plugin never started"
  kill -KILL $pid
  wait $pid 2>/dev/null
  for ((i = 0; i < slack * 10; i++)); do pgrep -f "$work/k" >/dev/null || break; sleep 0.1; done
  ! pgrep -f "$work/k" >/dev/null || fail "$name: a process was left: $(pgrep -af "$work/k")"
  sleep 1
  [ ! -e "$work/k.csv" ] && [ ! -e "$work/k.json" ] || fail "$name: an output was written after the SIGKILL"
}
ln -s "$ENDING_PLUGINS" k-plugins.so  # a name that tells this probe's processes apart
hangup=plugin:$work/k-plugins.so:ignores_hangup@shared
killed "run, SIGKILL, a plugin ignoring SIGHUP" "$BENCH" run --threads 1 --repetitions 2 --min-time 0 \
  --warmup-seconds 0 --no-progress --no-verify --solver "$hangup" --json "$work/k.json" --per-puzzle "$work/k.csv" top95.txt
ln -s top95.txt k-top95.txt  # a name that tells this probe's processes apart
killed "solve, SIGKILL, a plugin ignoring SIGHUP" "$BENCH" solve --threads 1 --solver "$hangup" "$work/k-top95.txt"
killed "check-plugin, SIGKILL, a plugin ignoring SIGHUP" "$BENCH" check-plugin "$work/k-plugins.so:ignores_hangup"

# SIGKILL while the per-puzzle rows of many passes are written: no temporary file beside them.
timeout -s KILL 1.5 "$BENCH" "${many[@]}" --per-puzzle rows-killed.csv top95.txt >/dev/null 2>&1
sleep 0.5
[ ! -e rows-killed.csv ] || fail "timeout -s KILL 1.5 run: rows-killed.csv was written"

# An exec: program's processes, one left its group (setsid): none outlives a SIGKILL of run, with
# or without the supervisor.
program="exec:touch $work/started; setsid sleep 3141 & sleep 3142 & cat >/dev/null"
for supervisor in --no-progress --no-supervisor; do
  rm -f started
  "$BENCH" run --threads 1 --repetitions 1 --min-time 0 --warmup-seconds 0 --no-progress "$supervisor" --no-verify \
    --solver "$program" top95.txt >/dev/null 2>&1 &
  pid=$!
  wait_for started || fail "run $supervisor, SIGKILL: the program never started"
  sleep 0.3
  kill -KILL $pid
  wait $pid 2>/dev/null
  for ((i = 0; i < slack * 10; i++)); do [ -n "$(own -fx 'sleep 314[12]')" ] || break; sleep 0.1; done
  [ -z "$(own -fx 'sleep 314[12]')" ] || fail "run $supervisor, SIGKILL: left $(own -fx 'sleep 314[12]' | wc -l) processes"
  own_kill -KILL -fx 'sleep 314[12]'
done

# Ctrl-Z (SIGSTOP to the process group) for 2 s during the only pass: the pass is marked disturbed.
rm -f started
ENDING_MARK=$work/started setsid "$BENCH" run --threads 1 --repetitions 1 --min-time 0 --warmup-seconds 0 \
  --no-progress --no-verify --solver "$hangup" --json stopped.json top95.txt >out 2>err &
pid=$!
wait_for started || fail "Ctrl-Z: the plugin never started"
sleep 0.5
kill -STOP -- -$pid
sleep 2
kill -CONT -- -$pid
wait $pid || fail "Ctrl-Z: exit $?"
disturbed=$("$PYTHON" -c 'import json; print(json.load(open("stopped.json"))["runs"][0]["noise"]["disturbed"])' 2>&1)
[ "$disturbed" = True ] || fail "Ctrl-Z: the pass stopped for 2 s is not marked disturbed ($disturbed)"

# Causes named right: a FIFO as the plugin is refused at once, never taken for a plugin whose
# constructors hang.
mkfifo fifo.so
start=$SECONDS
probe "a FIFO as the plugin" 2 "$BENCH" run --threads 1 --solver "plugin:$work/fifo.so" top95.txt
says "a FIFO as the plugin" "it is a FIFO \(named pipe\), not a shared library file"
[ $((SECONDS - start)) -le "$slack" ] || fail "a FIFO as the plugin: refused after $((SECONDS - start)) s"

# Under `ulimit -v 30000` (not under a sanitizer, whose shadow memory needs terabytes): the
# reentrancy check that cannot start its threads names the limit, never the plugin; the harness's
# own failure to start a thread is status 3, named as the limit's, not a solver's SIGABRT (4).
if [ -z "${SANITIZE:-}" ]; then
  probe "ulimit -v 30000" 3 bash -c 'ulimit -v 30000; exec "$0" "$@"' "$BENCH" run --threads 1 --repetitions 1 \
    --min-time 0 --warmup-seconds 0 --no-progress --solver "plugin:$WRONG_PLUGINS:right@auto" top95.txt
  says "ulimit -v 30000" "could not be checked for reentrancy \(the check itself failed .*address-space limit \(ulimit -v\) is 30000 KiB: a resource limit, not the plugin\)"
  says "ulimit -v 30000" "the harness itself ran out of memory or threads .*not the solver's fault"
  ! grep -q "not reentrant\|SIGABRT" err || fail "ulimit -v 30000: the plugin is blamed: $(cat err)"
fi

# A line without end on standard input: SIGTERM stops the reading, no solver blamed for it.
meanwhile "solve - </dev/zero, SIGTERM" 143 1 'kill -TERM $pid' sh -c 'exec "$0" solve - </dev/zero' "$BENCH"
! grep -q "deaf" err || fail "solve - </dev/zero, SIGTERM: a solver is blamed: $(cat err)"

finish
