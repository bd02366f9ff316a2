#!/usr/bin/env bash
# Whatever ends or changes the measuring process, `run` keeps every pass completed before it: the
# supervisor (run/supervisor.h) prints the table, writes every output, names what happened, leaves
# no temporary file and no process, and exits with the documented status. The harm comes from
# plugins built for it ($ENDING_PLUGINS), at call 300 of top95's 95 puzzles a pass: three passes whole.
source "$(dirname "$0")/lib.sh"
: "${ENDING_PLUGINS:?}"
cp "$DATASETS/top95.txt" top95.txt
args=(run --threads 1 --repetitions 5 --min-time 0 --warmup-seconds 0 --no-progress --no-verify
  --json r.json --csv r.csv)
slack_ms=1000
[ -n "${SANITIZE:-}" ] && slack_ms=4000

# passes NAME COUNT [INTERRUPTED]: r.json and r.csv hold COUNT passes; none is left behind.
passes() {
  local got
  got=$("$PYTHON" -c 'import json,sys; r=json.load(open("r.json")); print(len(r["runs"]), str(r["interrupted"]).lower())' 2>&1)
  [ "$got" = "$2 ${3:-false}" ] || fail "$1: r.json holds '$got', expected '$2 ${3:-false}'"
  [ "$(grep -c 'top95' r.csv 2>/dev/null)" = "$2" ] || fail "$1: r.csv does not hold $2 passes"
  leftovers "$1"
  rm -f r.json r.csv
}
leftovers() {
  ! ls -A | grep -q '^\.sudoku-bench-' || fail "$1: a temporary file was left: $(ls -A | grep '^\.sudoku-bench-')"
  [ -z "$(own -fx 'sleep 77')" ] || fail "$1: a process the solver started was left running"
}
plugin() { echo "plugin:$ENDING_PLUGINS:$1"; }
# Under ASan (abort_on_error) the exit handlers' leak check turns exit(0) into an abort, and ASan's
# own SEGV handler reports the crash and aborts: the child ends by SIGABRT there (or, its leak
# report taking longer than the grace after an exit(), is killed).
exited="exited with status 0" segv="was ended by SIGSEGV"
[ -n "${SANITIZE:-}" ] && exited="(exited with status [0-9]+|was ended by SIGABRT \(Aborted\)|did not finish exiting and was killed)" \
  segv="(was ended by SIGSEGV|was ended by SIGABRT|exited with status [0-9]+)"

# harmed NAME EXPECTED_STATUS ACTION COMMAND...: COMMAND in the background; once the plugin has done
# its harm (it makes the file "harmed"), the shell command ACTION (a signal to $pid); fails unless
# COMMAND exits EXPECTED_STATUS within $slack_ms of the action.
harmed() {
  local name=$1 expected=$2 action=$3 start took_ms
  shift 3
  rm -f harmed
  ENDING_MARK=$work/harmed "$@" >"$work/out" 2>"$work/err" &
  pid=$!
  for ((i = 0; i < 600; i++)); do [ -e harmed ] && break; sleep 0.1; done
  [ -e harmed ] || fail "$name: the plugin never did its harm"
  start=${EPOCHREALTIME/./}
  eval "$action"
  status=0
  wait $pid || status=$?
  took_ms=$(((${EPOCHREALTIME/./} - start) / 1000))
  [ "$status" = "$expected" ] || fail "$name: exit $status, expected $expected"
  [ "$took_ms" -le "$slack_ms" ] || fail "$name: ended $took_ms ms after the signal"
}

probe "exit(0) in a call" 4 "$BENCH" "${args[@]}" --per-puzzle rows.csv.gz --solver "$(plugin exits)@shared" top95.txt
says "exit(0) in a call" "the measuring process $exited: exit\(\) was called while .*exits@shared was solving [1-9.]{81}, during top95 .* rep 4/5; the 3 passes measured before are reported"
passes "exit(0) in a call" 3
grep -q 'top95' out || fail "exit(0) in a call: no table on standard output"
# The per-puzzle rows of the three whole passes, a gzip member each, and none of the fourth.
[ "$(gzip -dc rows.csv.gz | grep -c '^top95')" = 285 ] || fail "exit(0) in a call: rows.csv.gz does not hold 3 x 95 rows"

probe "_exit(3) in a call" 4 "$BENCH" "${args[@]}" --solver "$(plugin quick_exits)" top95.txt
says "_exit(3) in a call" "exited with status 3 without finishing \(a solver called exit\(\) or _exit\(\)\?\), during top95 .* rep 4/5"
passes "_exit(3) in a call" 3

# A crash on the plugin's own thread, outside any guarded call, 0.2 s later: more passes, shorter.
probe "a crash on a thread of its own" 4 "$BENCH" "${args[@]/5/400}" --solver "$(plugin crashes_later)" top95.txt
says "a crash on a thread of its own" "the measuring process $segv"
n=$("$PYTHON" -c 'import json; print(len(json.load(open("r.json"))["runs"]))')
[ "$n" -ge 3 ] && [ "$n" -lt 400 ] || fail "a crash on a thread of its own: $n passes reported"
leftovers "a crash on a thread of its own"

probe "SIGKILL (the OOM killer)" 4 "$BENCH" "${args[@]}" --solver "$(plugin killed)" top95.txt
says "SIGKILL (the OOM killer)" "was ended by SIGKILL .*(the out-of-memory killer, or kill -9\?)"
passes "SIGKILL (the OOM killer)" 3

# A solver that leaves a process behind: killed and reaped when the run ends.
probe "a process left behind" 0 "$BENCH" "${args[@]}" --solver "$(plugin leaves_a_child)" top95.txt
passes "a process left behind" 5

# A child forked without exec, in a session of its own, holds the child's socket: the run still ends.
probe "a forked child that never execs" 0 timeout -k 5 60 "$BENCH" "${args[@]}" --solver "$(plugin forks_a_sleeper)" top95.txt
passes "a forked child that never execs" 5
own_kill -TERM -f forks_a_sleeper  # the sleeper (a copy of sudoku-bench in a session of its own), if the sweep missed it

# A solver that forks, both processes going on: the copy sends nothing (its passes, with a CPU
# clock of its own, once made the supervisor abort with nothing written), and is ended with the run.
probe "a fork that returns" 0 timeout -k 5 60 "$BENCH" "${args[@]}" --solver "$(plugin forks_and_returns)@shared" top95.txt
passes "a fork that returns" 5
own_kill -KILL -f forks_and_returns

# A solver that prints: standard output holds the report alone.
probe "a solver that prints" 0 "$BENCH" "${args[@]/r.json/-}" --solver "$(plugin prints)" top95.txt
"$PYTHON" -c 'import json,sys; json.load(open(sys.argv[1]))' out || fail "a solver that prints: --json - is not JSON"
rm -f r.csv

# A solver that stops its own process: continued, and said.
probe "SIGSTOP" 0 timeout -k 5 60 "$BENCH" "${args[@]}" --solver "$(plugin stops)" top95.txt
says "SIGSTOP" "the measuring process was stopped by SIGSTOP .*; continuing it"
passes "SIGSTOP" 5

# chdir("/") in a call: relative inputs and outputs are where they were when the run began.
probe "chdir in a call" 0 "$BENCH" "${args[@]}" --per-puzzle rows.csv --solver "$(plugin moves)" top95.txt
passes "chdir in a call" 5
[ "$(grep -c . rows.csv)" -gt 400 ] || fail "chdir in a call: the per-puzzle rows are not all in ./rows.csv"

# A call deaf to every signal, then SIGTERM: the run ends within a second, with the passes before.
harmed "a call deaf to SIGTERM" 143 'kill -TERM $pid' "$BENCH" "${args[@]}" --solver "$(plugin deaf)@shared" top95.txt
says "a call deaf to SIGTERM" "did not stop within [0-9]+ ms of signal 15 \(a solver call deaf to it\?\) and was killed"
passes "a call deaf to SIGTERM" 3 true

# The same with SIGTERM sent to the measuring child alone: it tells its supervisor, which kills it.
harmed "SIGTERM to the child alone" 143 'kill -TERM $(pgrep -P $pid)' "$BENCH" "${args[@]}" --solver "$(plugin deaf)@shared" top95.txt
passes "SIGTERM to the child alone" 3 true

# SIGKILL to sudoku-bench itself: its measuring child and what that started go too, and the
# temporary per-puzzle file with them.
rm -f harmed
ENDING_MARK=$work/harmed "$BENCH" "${args[@]}" --per-puzzle rows2.csv --solver "$(plugin deaf)@shared" top95.txt >out 2>err &
pid=$!
for ((i = 0; i < 600; i++)); do [ -e harmed ] && break; sleep 0.1; done
children=$(pgrep -P $pid)
[ -n "$children" ] || fail "SIGKILL: no measuring child under $pid"
kill -KILL $pid
wait $pid 2>/dev/null
for _ in 1 2 3 4 5 6 7 8 9 10; do
  alive=0
  # A zombie is dead: where PID 1 does not reap (a container), it stays listed.
  for c in $children; do [ -e /proc/$c ] && ! grep -q '^State:.*Z' /proc/$c/status 2>/dev/null && alive=1; done
  [ $alive = 0 ] && break
  sleep 0.2
done
[ $alive = 0 ] || fail "SIGKILL: the measuring child outlived sudoku-bench by 2 s"
leftovers "SIGKILL"

# The same with an exec: program that never answers, in a process group of its own: it goes too.
"$BENCH" run --threads 1 --repetitions 1 --min-time 0 --warmup-seconds 0 --no-progress --solver 'exec:sleep 79' top95.txt >out 2>err &
pid=$!
sleep 1
kill -KILL $pid
wait $pid 2>/dev/null
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -n "$(own -f 'sleep 79')" ] || break; sleep 0.2; done
[ -z "$(own -f 'sleep 79')" ] || fail "SIGKILL: the exec: program outlived sudoku-bench by 2 s"

# And with a program that started another in a session of its own (setsid): found below the
# measuring child, not by its process group.
# (Not under TSan, which defers the orphaned child's handler while its threads wait in the kernel.)
[ "${SANITIZE:-}" != thread ] && {
printf '#!/bin/sh\nsetsid sleep 83 &\nexec sleep 600\n' >setsid.sh
chmod +x setsid.sh
"$BENCH" run --threads 1 --repetitions 1 --min-time 0 --warmup-seconds 0 --no-progress --solver exec:./setsid.sh top95.txt >out 2>err &
pid=$!
for _ in $(seq 100); do [ -n "$(own -f 'sleep 83')" ] && break; sleep 0.1; done
kill -KILL $pid
wait $pid 2>/dev/null
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -n "$(own -f 'sleep (83|600)')" ] || break; sleep 0.2; done
[ -z "$(own -f 'sleep (83|600)')" ] || fail "SIGKILL: a program in a session of its own outlived sudoku-bench by 2 s"
own_kill -TERM -f 'sleep (83|600)'
}

# ulimit -f: the report that does not fit is named (exit 3, no signal's death); the others are written.
(ulimit -f 4 && probe "ulimit -f" 3 "$BENCH" "${args[@]/5/2}" --markdown r.md top95.txt && says "ulimit -f" "--json r.json: cannot write: File too large" && { [ -s r.csv ] && [ -s r.md ] || fail "ulimit -f: the small outputs were not written"; } && finish) || failures=$((failures + 1))
leftovers "ulimit -f"

# A solver that sends SIGTERM to its own process: its fault (exit 4), not a user's interrupt.
probe "a solver raises SIGTERM" 4 "$BENCH" "${args[@]}" --solver "$(plugin raises_sigterm)@shared" top95.txt
says "a solver raises SIGTERM" "a solver sent signal 15 to its own process"
passes "a solver raises SIGTERM" 4 true  # the fourth cut short, as an interrupt leaves it

# A solver that lowers RLIMIT_NOFILE: the next reading cannot open its file, and the cause is named.
# (Not in a sanitizer build, whose runtime itself needs descriptors to check a call: UBSan's vptr
# check then fails.)
[ -z "${SANITIZE:-}" ] && {
  probe "a solver lowers RLIMIT_NOFILE" 3 "$BENCH" "${args[@]}" --solver "$(plugin lowers_nofile)@shared" top95.txt
  says "a solver lowers RLIMIT_NOFILE" "top95.txt: cannot open: Too many open files \(this process has used up its 3 file descriptors, RLIMIT_NOFILE: a solver may have lowered"
}

# SIGTERM in the first second (while an @auto plugin's reentrancy is checked, or before): every
# output is written all the same, holding what was measured (nothing), marked interrupted; 143.
# The delays count from the measuring child's start (before it, the handlers may not be set: a
# signal then ends the process as it ends any).
for delay in 0 0.1 0.3; do
  rm -f r.json r.csv
  meanwhile "SIGTERM at $delay s" 143 0 'for ((i = 0; i < 500; i++)); do pgrep -P $pid >/dev/null && break; sleep 0.01; done; sleep '"$delay"'; kill -TERM $pid' \
    "$BENCH" "${args[@]/5/100}" --solver "plugin:$WRONG_PLUGINS:right@auto" top95.txt
  "$PYTHON" -c 'import json,sys; r=json.load(open("r.json")); sys.exit(not r["interrupted"])' 2>/dev/null ||
    fail "SIGTERM at $delay s: no r.json marked interrupted"
  [ -e r.csv ] || fail "SIGTERM at $delay s: no r.csv"
  ! grep -q "deaf to it" err || fail "SIGTERM at $delay s: the solver was blamed"
  leftovers "SIGTERM at $delay s"
done
rm -f r.json r.csv

# --no-supervisor measures in the process started: the same report.
probe "--no-supervisor" 0 "$BENCH" "${args[@]}" --no-supervisor top95.txt
passes "--no-supervisor" 5
finish
