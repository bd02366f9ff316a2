#!/usr/bin/env bash
# `solve` under its supervisor (run/solve_supervisor.h), beside run's probes (supervisor_test.sh):
# whatever a plugin does to the process, the lines written before stay on standard output, whole
# and alone; the end is named (exit 4, 128+N after a signal); no process and no file is left. The
# harm comes from $ENDING_PLUGINS at call 40 of top95's 95 puzzles, one thread.
source "$(dirname "$0")/lib.sh"
: "${ENDING_PLUGINS:?}"
cp "$DATASETS/top95.txt" "solve-$$.txt"
input=solve-$$.txt
export ENDING_AFTER=40
solve=("$BENCH" solve --threads 1 --no-verify)
plugin() { echo "plugin:$ENDING_PLUGINS:$1"; }
slack_ms=1000
[ -n "${SANITIZE:-}" ] && slack_ms=4000
# Under ASan (abort_on_error) the exit handlers' leak check turns exit(0) into an abort, as in
# supervisor_test.sh.
exited="exited with status 0"
[ -n "${SANITIZE:-}" ] && exited="(exited with status [0-9]+|was ended by SIGABRT \(Aborted\)|did not finish exiting and was killed)"

# lines NAME MAX: stdout holds at most MAX lines, every one an answer (PUZZLE:COUNT[:SOLUTION]),
# and no process of this probe is left.
lines() {
  local n bad
  n=$(wc -l <out)
  bad=$(grep -cvE '^[0-9.]{81}:[0-9]+(:[1-9]{81})?$' out)
  [ "$n" -le "$2" ] || fail "$1: $n lines on standard output, at most $2 expected"
  [ "$bad" = 0 ] || fail "$1: $bad lines on standard output are no answers: $(grep -vE '^[0-9.]{81}:' out | head -c 200)"
  sleep 0.2
  ! pgrep -f -- "$input" >/dev/null || fail "$1: a process was left: $(pgrep -af -- "$input")"
  pkill -KILL -f -- "$input" 2>/dev/null
}

# ends NAME STATUS SOLVER PATTERN MAX: solve with SOLVER exits STATUS, says PATTERN, and leaves at
# most MAX answer lines and no process.
ends() {
  probe "solve: $1" "$2" "${solve[@]}" --solver "$3" "$input"
  says "solve: $1" "$4"
  lines "solve: $1" "$5"
}
ends "exit(0) in a call" 4 "$(plugin exits)" \
  "the solving process $exited: exit\(\) was called while .*exits.* was solving [1-9.]{81}; the [0-9]+ lines written before are kept" 39
ends "_exit(3) in a call" 4 "$(plugin quick_exits)" "exited with status 3 without finishing" 39
ends "SIGKILL" 4 "$(plugin killed)" "was ended by SIGKILL" 39
ends "a heap overflow" 4 "$(plugin overflows_the_heap)@shared" "SIGABRT|SIGSEGV|exited with status" 39
# A crash inside a call is caught there and named with its record, as before the supervisor.
ends "a crash in a call" 4 "plugin:$WRONG_PLUGINS:crashes@shared" "crash.*\($input:1\)|$input:1" 0

# all_lines NAME SOLVER: solve with SOLVER exits 0 with the 95 answer lines alone.
all_lines() {
  probe "solve: $1" 0 "${solve[@]}" --solver "$2" "$input"
  [ "$(wc -l <out)" = 95 ] || fail "solve: $1: $(wc -l <out) lines, 95 expected"
  lines "solve: $1" 95
}
all_lines "a plugin that prints" "$(plugin prints)"
all_lines "10 MB to standard output" "$(plugin floods_stdout)@shared"

probe "solve: a plugin that forks and returns" 0 timeout -k 5 60 "${solve[@]}" --solver "$(plugin forks_and_returns)@shared" "$input"
[ "$(wc -l <out)" = 95 ] || fail "solve: a plugin that forks and returns: $(wc -l <out) lines, 95 expected (each once)"
[ "$(sort out | uniq -d | wc -l)" = "$(sort "$input" | uniq -d | wc -l)" ] || fail "solve: a plugin that forks: lines printed twice"
lines "solve: a plugin that forks and returns" 95

probe "solve: a forked sleeper" 0 timeout -k 5 60 "${solve[@]}" --solver "$(plugin forks_a_sleeper)@shared" "$input"
lines "solve: a forked sleeper" 95

probe "solve: a plugin that sends itself SIGTERM" 4 "${solve[@]}" --solver "$(plugin raises_sigterm)@shared" "$input"
says "solve: a plugin that sends itself SIGTERM" "sent signal 15 to its own process"
lines "solve: a plugin that sends itself SIGTERM" 40

# A call deaf to every signal, then SIGTERM: solve ends within a second, with the lines before.
rm -f harmed
ENDING_MARK=$work/harmed "${solve[@]}" --solver "$(plugin deaf)@shared" "$input" >out 2>err &
pid=$!
for ((i = 0; i < 600; i++)); do [ -e harmed ] && break; sleep 0.1; done
[ -e harmed ] || fail "solve: deaf: the plugin never did its harm"
start=${EPOCHREALTIME/./}
kill -TERM $pid
status=0
wait $pid || status=$?
took_ms=$(((${EPOCHREALTIME/./} - start) / 1000))
[ "$status" = 143 ] || fail "solve: a call deaf to SIGTERM: exit $status, expected 143"
[ "$took_ms" -le "$slack_ms" ] || fail "solve: a call deaf to SIGTERM: ended $took_ms ms after the signal"
says "solve: a call deaf to SIGTERM" "did not stop within [0-9]+ ms of signal 15"
lines "solve: a call deaf to SIGTERM" 39

# Standard output closed early (`| head -1`): the solving stops at once, exit 3, not after the file.
for i in 1 2 3 4 5 6 7 8; do cat "$DATASETS/sudoku17_49158.txt"; done >big.txt
bound_s=5
[ -n "${SANITIZE:-}" ] && bound_s=30
start=${EPOCHREALTIME/./}
status=$( ("$BENCH" solve --threads 1 big.txt 2>err; echo $? >status) | head -1 >/dev/null; cat status)
took_ms=$(((${EPOCHREALTIME/./} - start) / 1000))
[ "$status" = 3 ] || fail "solve | head -1: exit $status, expected 3"
[ "$took_ms" -le $((bound_s * 1000)) ] || fail "solve | head -1: took $took_ms ms (the whole file solved?)"
says "solve | head -1" "<stdout>: cannot write: Broken pipe"
rm -f big.txt

# Private instances (@private) are copies in memory: an exit() leaves no folder in TMPDIR (finish checks).
probe "solve: exit(0) with private instances" 4 "${solve[@]}" --solver "$(plugin exits)@private" "$input"
probe "run: exit(0) with private instances" 4 "$BENCH" run --threads 1 --repetitions 3 --min-time 0 \
  --warmup-seconds 0 --no-progress --no-verify --solver "$(plugin exits)@private" "$input"
finish
