#!/usr/bin/env bash
# Reports are read only from regular files or standard input, at most 1 GiB of them (decompressed
# too), and a signal stops the reading within a second (issue 47). Before, `yes |` or /dev/zero
# grew the command without limit (1.4 GB in 2 s; bad_alloc under ulimit -v), and a FIFO in a history
# folder held its open for ever, SIGTERM ignored.
source "$(dirname "$0")/lib.sh"
"$BENCH" run --threads 1 --repetitions 1 --min-time 0 --warmup-seconds 0 --no-progress --json r.json \
  "$DATASETS/top95.txt" >/dev/null 2>&1 || fail "the report for the probes: not written"
cp r.json r2.json
gzip -c r.json >r.json.gz

# Still read: a file, a gzip file, standard input.
probe "a report" 0 "$BENCH" report --markdown - r.json
probe "a gzip report" 0 "$BENCH" report --markdown - r.json.gz
probe "a report on standard input" 0 "$BENCH" report --markdown - - <r.json

# What is no report stops the reading at its first byte, instead of being read to its end.
probe "yes |" 3 timeout -k 1 5 bash -c "yes | '$BENCH' report --json x.json -"
says "yes |" "not JSON"
# One that may begin a report but never ends stops at the limit, named, in bounded memory.
probe "endless input" 3 timeout -k 1 60 bash -c "{ echo '{\"a\": \"'; yes; } | '$BENCH' report --json x.json -"
says "endless input" "<stdin>: holds more than 1 GiB \(1073741824 bytes\), the most a report is read to"
"$PYTHON" - <<'PY' || fail "gzip bomb: not made"
import zlib
c = zlib.compressobj(1, zlib.DEFLATED, 31)
parts = [c.compress(b'{"a": "')] + [c.compress(b" " * (1 << 24)) for _ in range(66)] + [c.flush()]
open("bomb.json.gz", "wb").write(b"".join(parts))
PY
probe "gzip bomb" 3 timeout -k 1 60 "$BENCH" report --json x.json bomb.json.gz
says "gzip bomb" "bomb.json.gz: decompresses to more than 1 GiB"

# Devices, FIFOs and sockets are refused, named, without waiting on their open.
probe "/dev/zero" 3 timeout -k 1 5 "$BENCH" report --json x.json /dev/zero
says "/dev/zero" "/dev/zero: is a character device, not a regular file: reports are read from regular files or -"
mkfifo fifo.json
probe "a FIFO" 3 timeout -k 1 5 "$BENCH" compare r.json fifo.json
says "a FIFO" "fifo.json: is a FIFO, not a regular file"
"$PYTHON" -c "import socket; socket.socket(socket.AF_UNIX).bind('socket.json')" || fail "socket: not made"
probe "a socket" 3 timeout -k 1 5 "$BENCH" merge --json m.json r.json socket.json
says "a socket" "socket.json: is a socket, not a regular file"
mkdir history
cp r.json history/1.json
cp r2.json history/2.json
mkfifo history/3.json
probe "a FIFO in a history folder" 3 timeout -k 1 5 "$BENCH" history history
says "a FIFO in a history folder" "history/3.json: is a FIFO, not a regular file"

# A signal while the reading waits on a pipe: stopped within a second, 128+N, said.
slack_ms=1000
[ -n "${SANITIZE:-}" ] && slack_ms=3000
for signal in TERM INT; do
  start=${EPOCHREALTIME/./}
  probe "SIG$signal while reading" "$([ $signal = TERM ] && echo 143 || echo 130)" \
    timeout -s $signal --preserve-status -k 3 1 "$BENCH" report --json x.json - < <(sleep 5)
  took_ms=$(((${EPOCHREALTIME/./} - start) / 1000))
  [ "$took_ms" -le $((1000 + slack_ms)) ] || fail "SIG$signal while reading: took $took_ms ms"
  says "SIG$signal while reading" "interrupted by signal (15|2) while reading <stdin>"
done
finish
