#!/usr/bin/env bash
# Whatever ends or changes the measuring process, `run` keeps every pass completed before it: the
# supervisor (cli/supervisor.h) prints the table, writes every output, names what happened, leaves
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
  ! pgrep -f 'sleep 77' >/dev/null || fail "$1: a process the solver started was left running"
}
plugin() { echo "plugin:$ENDING_PLUGINS:$1"; }

probe "exit(0) in a call" 4 "$BENCH" "${args[@]}" --per-puzzle rows.csv.gz --solver "$(plugin exits)" top95.txt
says "exit(0) in a call" "the measuring process exited with status 0: exit\(\) was called while .*exits was solving [1-9.]{81}, during top95 .* rep 4/5; the 3 passes measured before are reported"
passes "exit(0) in a call" 3
grep -q 'top95' out || fail "exit(0) in a call: no table on standard output"
# The per-puzzle rows of the three whole passes, a gzip member each, and none of the fourth.
[ "$(gzip -dc rows.csv.gz | grep -c '^top95')" = 285 ] || fail "exit(0) in a call: rows.csv.gz does not hold 3 x 95 rows"

probe "_exit(3) in a call" 4 "$BENCH" "${args[@]}" --solver "$(plugin quick_exits)" top95.txt
says "_exit(3) in a call" "exited with status 3 without finishing \(a solver called exit\(\) or _exit\(\)\?\), during top95 .* rep 4/5"
passes "_exit(3) in a call" 3

# A crash on the plugin's own thread, outside any guarded call, 0.2 s later: more passes, shorter.
probe "a crash on a thread of its own" 4 "$BENCH" "${args[@]/5/400}" --solver "$(plugin crashes_later)" top95.txt
says "a crash on a thread of its own" "the measuring process was ended by SIGSEGV"
n=$("$PYTHON" -c 'import json; print(len(json.load(open("r.json"))["runs"]))')
[ "$n" -ge 3 ] && [ "$n" -lt 400 ] || fail "a crash on a thread of its own: $n passes reported"
leftovers "a crash on a thread of its own"

probe "SIGKILL (the OOM killer)" 4 "$BENCH" "${args[@]}" --solver "$(plugin killed)" top95.txt
says "SIGKILL (the OOM killer)" "was ended by SIGKILL .*(the out-of-memory killer, or kill -9\?)"
passes "SIGKILL (the OOM killer)" 3

# A solver that leaves a process behind: killed and reaped when the run ends.
probe "a process left behind" 0 "$BENCH" "${args[@]}" --solver "$(plugin leaves_a_child)" top95.txt
passes "a process left behind" 5

# chdir("/") in a call: relative inputs and outputs are where they were when the run began.
probe "chdir in a call" 0 "$BENCH" "${args[@]}" --per-puzzle rows.csv --solver "$(plugin moves)" top95.txt
passes "chdir in a call" 5
[ "$(grep -c . rows.csv)" -gt 400 ] || fail "chdir in a call: the per-puzzle rows are not all in ./rows.csv"

# A call deaf to every signal, then SIGTERM: the run ends within a second, with the passes before.
start=${EPOCHREALTIME/./}
meanwhile "a call deaf to SIGTERM" 143 1 'kill -TERM $pid' "$BENCH" "${args[@]}" --solver "$(plugin deaf)@shared" top95.txt
took_ms=$(((${EPOCHREALTIME/./} - start) / 1000 - 1000))
[ "$took_ms" -le "$slack_ms" ] || fail "a call deaf to SIGTERM: ended $took_ms ms after the signal"
says "a call deaf to SIGTERM" "did not stop within [0-9]+ ms of signal 15 \(a solver call deaf to it\?\) and was killed"
passes "a call deaf to SIGTERM" 3 true

# The same with SIGTERM sent to the measuring child alone: it tells its supervisor, which kills it.
start=${EPOCHREALTIME/./}
meanwhile "SIGTERM to the child alone" 143 1 'kill -TERM $(pgrep -P $pid)' "$BENCH" "${args[@]}" --solver "$(plugin deaf)@shared" top95.txt
took_ms=$(((${EPOCHREALTIME/./} - start) / 1000 - 1000))
[ "$took_ms" -le "$slack_ms" ] || fail "SIGTERM to the child alone: ended $took_ms ms after the signal"
passes "SIGTERM to the child alone" 3 true

# SIGKILL to sudoku-bench itself: its measuring child and what that started go too, and the
# temporary per-puzzle file with them.
"$BENCH" "${args[@]}" --per-puzzle rows2.csv --solver "$(plugin deaf)@shared" top95.txt >out 2>err &
pid=$!
sleep 1
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
for _ in 1 2 3 4 5 6 7 8 9 10; do pgrep -f 'sleep 79' >/dev/null || break; sleep 0.2; done
! pgrep -f 'sleep 79' >/dev/null || fail "SIGKILL: the exec: program outlived sudoku-bench by 2 s"

# ulimit -f: the report that does not fit is named (exit 3, no signal's death); the others are written.
(ulimit -f 4 && probe "ulimit -f" 3 "$BENCH" "${args[@]/5/2}" --markdown r.md top95.txt && says "ulimit -f" "--json r.json: cannot write: File too large" && { [ -s r.csv ] && [ -s r.md ] || fail "ulimit -f: the small outputs were not written"; } && finish) || failures=$((failures + 1))
leftovers "ulimit -f"

# --no-supervisor measures in the process started: the same report.
probe "--no-supervisor" 0 "$BENCH" "${args[@]}" --no-supervisor top95.txt
passes "--no-supervisor" 5
finish
