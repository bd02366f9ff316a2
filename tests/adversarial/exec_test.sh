#!/usr/bin/env bash
# exec: programs that do harm on purpose (issue 47, "no harm, whatever the solver does"): each is
# named with its puzzle and record (exit 4) or stopped by SIGTERM (143), within a bound, and
# leaves nothing running behind it: the program's shell, what it started in the background and
# what it exec'd are killed as one process group on every end.
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
: "${PYTHON:?}"

slack_ms=1000
[ -n "${SANITIZE:-}" ] && slack_ms=3000
head -1 "$DATASETS/top95.txt" >one.txt
first='4\.\.\.\.\.8\.5\.3'  # its puzzle, as messages name it

# gone NAME PIDFILE: the process whose id PIDFILE holds has ended (a zombie not yet reaped by
# whoever inherited it counts as ended), within a second.
gone() {
  local pid state
  [ -s "$2" ] || { fail "$1: the program did not write $2"; return; }
  pid=$(cat "$2")
  for _ in $(seq 10); do
    state=$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null) || return 0
    [ "$state" = Z ] && return 0
    sleep 0.1
  done
  fail "$1: process $pid ($(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)) outlived sudoku-bench"
  kill -KILL "$pid" 2>/dev/null
}

# stops NAME COMMAND...: COMMAND, sent SIGTERM (to sudoku-bench alone) after 1 s, exits 143 within
# the slack after it.
stops() {
  local name=$1 pid sent took_ms
  shift
  "$@" >"$work/out" 2>"$work/err" &
  pid=$!
  sleep 1
  kill -TERM $pid
  sent=${EPOCHREALTIME/./}
  status=0
  wait $pid || status=$?
  took_ms=$(((${EPOCHREALTIME/./} - sent) / 1000))
  [ "$status" = 143 ] || fail "$name: exit $status after SIGTERM, expected 143"
  [ "$took_ms" -le "$slack_ms" ] || fail "$name: took $took_ms ms after SIGTERM, more than $slack_ms ms"
}

# 1. The whole process group goes, on a normal end, a fault and an interrupt: a background child
# and the shell's own child (dash forks the last command of `sh -c`), which killing the shell alone
# left running under PID 1.
solver="$PYTHON $here/../exec/solver.py"
probe "a normal end" 0 "$BENCH" solve --threads 1 --solver "exec:sleep 31 & echo \$! >$work/bg1; $solver" one.txt
gone "a normal end, its background child" bg1
probe "a fault" 4 "$BENCH" solve --threads 1 --solver "exec:sleep 32 & echo \$! >$work/bg2; echo garbage; cat" one.txt
says "a fault" "answered 'garbage' to $first"
gone "a fault, its background child" bg2
stops "an interrupt" "$BENCH" solve --threads 1 --solver "exec:sleep 33 & echo \$! >$work/bg3; echo \$\$ >$work/sh3; sleep 777" one.txt
says "an interrupt" "was stopped: the run was interrupted"
gone "an interrupt, its background child" bg3
gone "an interrupt, its shell" sh3

# 2. Batches that fill both directions' socket buffers (5,000 36x36 puzzles, about 1.3 KB each way
# each): written while the answers are read, so no exec/N deadlocks, whatever N.
"$BENCH" solve --threads 1 "$DATASETS/generated_36x36_100.txt" >known.txt || fail "the 36x36 set: not solved"
for _ in $(seq 50); do cat "$DATASETS/generated_36x36_100.txt"; done >big.txt
for _ in $(seq 50); do cat known.txt; done >big.expected
cat >answers.py <<'PY'
import sys
known = {}
for line in open(sys.argv[1]):
    puzzle, rest = line.rstrip("\n").split(":", 1)
    known[puzzle] = rest
for line in sys.stdin:  # an answer per line as it is read, as the protocol asks
    sys.stdout.write(known[line.split()[0]] + "\n")
    sys.stdout.flush()
PY
for n in 256 4096; do
  probe "exec/$n, 36x36" 0 timeout -k 3 60 "$BENCH" solve --threads 2 --no-verify \
    --solver "exec/$n:$PYTHON $work/answers.py $work/known.txt" big.txt
  cmp -s out big.expected || fail "exec/$n, 36x36: its lines are not bitmask's"
done
# One that never reads: a wait SIGTERM ends within a second.
stops "exec/4096, never reads" "$BENCH" solve --threads 1 --solver "exec/4096:sleep 60" big.txt
says "exec/4096, never reads" "was stopped: the run was interrupted"

# 3. An answer line is bounded: one that never ends is named at 64 KiB (it took 46 s and 140 MB
# to reach the end of 100 MB before, searching the whole buffer after each read), and one below
# the bound is quoted shortened.
start=${EPOCHREALTIME/./}
probe "an endless line" 4 "$BENCH" solve --threads 1 --solver "exec:head -c 100000000 /dev/zero | tr '\\0' x" one.txt
says "an endless line" "answered a line longer than 65536 bytes to $first.*\(record one.txt:1\)"
took_ms=$(((${EPOCHREALTIME/./} - start) / 1000))
[ "$took_ms" -le $((2000 + slack_ms)) ] || fail "an endless line: took $took_ms ms"
probe "a long line" 4 "$BENCH" solve --threads 1 --solver "exec:head -c 60000 /dev/zero | tr '\\0' x; echo; cat" one.txt
says "a long line" "answered 'x{200}'\.\.\. \(60000 bytes\) to $first"

# 4. A program that closes its output is named at once, even with its input unread and full.
probe "closes its output" 4 timeout -k 3 20 "$BENCH" solve --threads 1 \
  --solver "exec/4096:echo \$\$ >$work/sh4; exec >&-; exec sleep 30" big.txt
says "closes its output" "closed its output when given"
gone "closes its output" sh4

# 5. Control bytes in an answer are escaped: a NUL cut the message (puzzle and record lost) and an
# escape sequence reached the terminal.
probe "control bytes" 4 "$BENCH" solve --threads 1 --solver "exec:printf '1\\000\\033[2J\\t\\n'; cat" one.txt
says "control bytes" "answered '1\\\\0\\\\x1b\[2J\\\\t' to $first.*\(record one.txt:1\)"
! grep -q $'\033' err || fail "control bytes: an escape byte reached stderr"

# The record named is the puzzle's whose answer broke the batch, not the batch's first.
head -6 "$DATASETS/top95.txt" >six.txt
probe "the fourth answer" 4 "$BENCH" solve --threads 1 \
  --solver "exec:n=0; while read p l; do n=\$((n + 1)); if [ \$n = 4 ]; then echo garbage; else echo 0; fi; done" six.txt
says "the fourth answer" "answered 'garbage' to 48\.3\.{12}71\.2.*\(record six.txt:4\)"
probe "the output closed at the third" 4 "$BENCH" solve --threads 1 \
  --solver "exec:read p l; echo 0; read p l; echo 0; exec >&-; sleep 30" six.txt
says "the output closed at the third" "closed its output when given 6\.\.\.\.\.8\.3.*\(record six.txt:3\)"

# 6. A count above the limit is a protocol violation named with its record, not cut to the limit;
# a count past 64 bits too. A plugin's likewise (ignores_limit counts to 3 whatever it is asked).
probe "count above the limit" 4 "$BENCH" solve --threads 1 --limit 1 --solver "exec:while read p l; do echo 2; done" one.txt
says "count above the limit" "answered COUNT 2 to $first[^ ]*, above the limit 1 it was given \(record one.txt:1\)"
probe "count past 64 bits" 4 "$BENCH" solve --threads 1 --solver "exec:while read p l; do echo 18446744073709551616; done" one.txt
says "count past 64 bits" "answered COUNT 18446744073709551616 to $first[^ ]*, above the limit 2 it was given"
# (An empty grid: it has 3 solutions and more.)
printf '%81s\n' '' | tr ' ' . >empty.txt
if [ -n "${WRONG_PLUGINS:-}" ]; then
  probe "a plugin's count above the limit" 4 "$BENCH" solve --threads 1 --solver "plugin:$WRONG_PLUGINS:ignores_limit" empty.txt
  says "a plugin's count above the limit" "answered COUNT 3 to \.{81}, above the limit 2 it was given \(record empty.txt:1\)"
fi

# A script that closes its output after the first line and sleeps on: run as `exec SCRIPT`, no shell
# is left holding its output, so it is named at once, not when it exits 8 s later.
printf '#!/bin/sh\nread a b\nexec 1>&-\nsleep 8\n' >closes.sh
chmod +x closes.sh
head -1 "$DATASETS/top95.txt" >one95.txt
start=${EPOCHREALTIME/./}
probe "a script that closes its output" 4 "$BENCH" solve --threads 1 --solver exec:./closes.sh one95.txt
took_ms=$(((${EPOCHREALTIME/./} - start) / 1000))
says "a script that closes its output" "closed its output"
[ "$took_ms" -le $((2 * slack_ms)) ] || fail "a script that closes its output: named after $took_ms ms"

# A program that ends while a process it started in the background holds its output (no end of
# file ever comes): named within a second or so, not waited for until a signal (issue 55).
start=${EPOCHREALTIME/./}
probe "ended, its child holding the output" 4 timeout -k 5 30 "$BENCH" solve --threads 1 \
  --solver 'exec:sleep 87 & echo $! >grandchild.pid; read line; exit 0' one.txt
took_ms=$(((${EPOCHREALTIME/./} - start) / 1000))
says "ended, its child holding the output" "ended while a process it started holds its output open \(it exited with status 0\) when given $first"
[ "$took_ms" -le $((3000 + slack_ms)) ] || fail "ended, its child holding the output: named after $took_ms ms"
gone "ended, its child holding the output" grandchild.pid
# SIGTERM while a program hangs in the middle of a batch: the record named is the puzzle it was
# solving (the lines written before it, plus one), not the batch's first (issue 55).
cp "$DATASETS/top95.txt" t95.txt
meanwhile "a hang mid-batch, then SIGTERM" 143 1.5 'kill -TERM $pid' "$BENCH" solve --threads 1 --no-verify \
  --solver 'exec:n=0; while read l; do n=$((n+1)); [ $n -eq 45 ] && exec sleep 600; echo 1; done' t95.txt
written=$(wc -l <out)
says "a hang mid-batch, then SIGTERM" "interrupted while it was solving [1-9.]{81} \(record t95\.txt:$((written + 1))\)"
[ "$written" -gt 1 ] || fail "a hang mid-batch, then SIGTERM: only $written lines before the hang"
own_kill -KILL -f 'sleep 600'
# A program that has read every line it was given and waits for more while answers are due (it
# reads ahead, or two processes share its input): named within seconds, not a deadlock (issue 55).
start=${EPOCHREALTIME/./}
probe "waits for input it has read" 4 timeout -k 5 60 "$BENCH" solve --threads 1 --no-verify \
  --solver 'exec:read line; cat >/dev/null' t95.txt
took_ms=$(((${EPOCHREALTIME/./} - start) / 1000))
says "waits for input it has read" "waits for input while [0-9]+ answers? (is|are) due, having read every line it was given"
[ "$took_ms" -le $((3000 + slack_ms)) ] || fail "waits for input it has read: named after $took_ms ms"
# A program restarted by its script after 100 answers, losing the lines it had read ahead: named
# (it waits for input it has read), not a deadlock in pass 3 (issue 55).
printf '#!/bin/sh\nwhile :; do "%s" -c "\nimport sys\nfor i, line in zip(range(100), sys.stdin):\n    print(1, flush=True)\n"; done\n' "$PYTHON" >restart.sh
chmod +x restart.sh
probe "a program restarted by its script" 4 timeout -k 5 60 "$BENCH" run --threads 1 --repetitions 5 --min-time 0 \
  --warmup-seconds 0 --no-progress --no-verify --solver exec:./restart.sh t95.txt
says "a program restarted by its script" "waits for input while [0-9]+ answers? (is|are) due"
finish
