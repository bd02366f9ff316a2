#!/usr/bin/env bash
# Inputs that shrink, grow or cannot be read twice: a named error or a refusal, never a signal
# death, a hang or a silent average; and odd but honest files read as they are.
source "$(dirname "$0")/lib.sh"
run=("$BENCH" run --min-time 0 --warmup-seconds 0 --no-progress)

# An 80 MB plain file truncated while it is read: exit 3 naming the file, no SIGBUS, the passes
# measured before it kept.
for i in $(seq 20); do cat "$DATASETS/sudoku17_49158.txt"; done >big.txt
[ "$(stat -c %s big.txt)" -gt 80000000 ] || fail "the 80 MB file is smaller than it should be"
meanwhile "run over a shrinking file" 3 3 "truncate -s 1000000 big.txt" \
  "${run[@]}" --solver noop --threads 2 --repetitions 10000 --json cut.json big.txt
says "run over a shrinking file" "big.txt(:[0-9]+)?: (the file shrank while it was read|changed (while it was read|since the run began): it shrank)"
"$PYTHON" -c "import json,sys; r=json.load(open('cut.json')); sys.exit(0 if all(p['complete'] for p in r['runs']) else 1)" ||
  fail "run over a shrinking file: no report of the passes before, or an incomplete one in it"

for i in $(seq 20); do cat "$DATASETS/sudoku17_49158.txt"; done >big.txt
meanwhile "solve over a shrinking file" 3 1 "truncate -s 1000000 big.txt" "$BENCH" solve --threads 2 big.txt
says "solve over a shrinking file" "big.txt(:[0-9]+)?: .*shr[au]nk"
[ -z "$(tail -c 1 out)" ] || fail "solve over a shrinking file: its last line is cut"

# A file written to while a run reads it again and again: named, not averaged in.
cp "$DATASETS/top95.txt" grows.txt
meanwhile "a file that grows" 3 1 'head -1 "$DATASETS/top95.txt" >>grows.txt' \
  "${run[@]}" --threads 1 --repetitions 100000 --json grows.json grows.txt
says "a file that grows" "grows.txt: changed .*it grew from [0-9]+ to [0-9]+ bytes"

# Read once: a pipe or a FIFO with repetitions is refused at once, never averaged nor waited on.
head -3 "$DATASETS/top95.txt" >three.txt
probe "a pipe twice" 2 "${run[@]}" --threads 1 --repetitions 2 <(cat three.txt)
says "a pipe twice" "can be read only once"
mkfifo fifo
probe "a fifo twice" 2 timeout 10 "${run[@]}" --threads 1 --repetitions 2 fifo
says "a fifo twice" "fifo \(a pipe or a device\) can be read only once"
(cat three.txt >fifo &)
probe "a fifo once" 0 timeout 20 "${run[@]}" --threads 1 --repetitions 1 fifo
grep -Eq "^fifo +bitmask +1 " out || fail "a fifo once: no row for it"

# A file whose size says 0 (as /proc's do) is read; a first line with a comma is not a CSV header
# unless it names columns; a byte-order mark is not part of record 1; junk is not echoed raw.
probe "/proc/version" 1 "$BENCH" solve /proc/version
grep -q "Linux version.*:invalid" out || fail "/proc/version: read as empty"
printf '\xef\xbb\xbf' >bom.txt
cat three.txt >>bom.txt
probe "byte-order mark" 0 "$BENCH" solve bom.txt
[ "$(cut -d: -f2 out | tr -d '\n')" = 111 ] || fail "byte-order mark: record 1 was not solved"
head -c 2000 /dev/urandom >junk.bin
"$BENCH" solve junk.bin >out 2>err
LC_ALL=C grep -q '[^[:print:]]' out && fail "junk: raw bytes were echoed to stdout"

finish
