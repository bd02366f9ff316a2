#!/usr/bin/env bash
# A real SIGINT in the middle of `run`, `solve` and `hunt`: exit 130, a whole JSON marked interrupted,
# and `solve` output that is exactly the first lines of the uninterrupted output.
# Usage: interrupt_test.sh SUDOKU_BENCH DATASETS_DIR
set -euo pipefail
bench=$1 datasets=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Waits until the process, or the child that measures under its supervisor, has started its worker
# threads, i.e. is measuring, then interrupts it (the supervisor passes the signal on).
interrupt_when_busy() {
  local pid=$1 busy
  for _ in $(seq 200); do
    busy=0
    for p in "$pid" $(pgrep -P "$pid" || true); do
      if [ "$(ls /proc/"$p"/task 2>/dev/null | wc -l)" -gt 1 ]; then busy=1; fi
    done
    [ "$busy" = 1 ] && break
    sleep 0.05
  done
  sleep 0.3
  kill -INT "$pid"
}

# A signal can land between two passes, and then every pass recorded is complete: the run is tried
# again (at most three times) until one lands inside a pass, whose record must be marked cut.
cut_seen=0
for attempt in 1 2 3; do
  "$bench" run --threads 2 --repetitions 1000 --warmup-seconds 0 --no-progress --json "$work/report.json" \
    "$datasets/sudoku17_49158.txt" >"$work/table" 2>"$work/err" &
  pid=$!
  interrupt_when_busy $pid
  status=0
  wait $pid || status=$?
  [ "$status" -eq 130 ] || { echo "run exited $status, expected 130"; cat "$work/err"; exit 1; }
  grep -q "interrupted by signal 2" "$work/err"
  cut=$(python3 - "$work/report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["interrupted"] is True, r["interrupted"]
assert r["runs"], "no runs recorded"
assert all(run["complete"] for run in r["runs"][:-1]), "only the last pass can be cut"
last = r["runs"][-1]
s = last["status"]
assert s["unique"] + s["multiple"] + s["none"] + s["invalid"] + s["aborted"] == last["puzzles"] + s["invalid"]
print(0 if last["complete"] else 1)
PY
)
  if [ "$cut" = 1 ]; then cut_seen=1; break; fi
  echo "attempt $attempt: the signal landed between passes; trying again"
done
[ "$cut_seen" = 1 ] || { echo "three signals in a row landed between passes: no cut pass was seen"; exit 1; }

"$bench" solve --threads 2 "$datasets/forum_hardest_1905_11plus.txt" >"$work/cut" 2>"$work/err" &
pid=$!
interrupt_when_busy $pid
status=0
wait $pid || status=$?
[ "$status" -eq 130 ] || { echo "solve exited $status, expected 130"; cat "$work/err"; exit 1; }
lines=$(wc -l <"$work/cut")
total=$(wc -l <"$datasets/forum_hardest_1905_11plus.txt")
[ "$lines" -gt 0 ] && [ "$lines" -lt "$total" ] || { echo "solve printed $lines of $total lines"; exit 1; }
# The dataset has no comment lines, so its first $lines lines are the records that were read.
head -n "$lines" "$datasets/forum_hardest_1905_11plus.txt" | "$bench" solve --threads 2 - | cmp - "$work/cut" ||
  { echo "interrupted output differs from the same records solved uninterrupted"; exit 1; }
[ "$(tail -c 1 "$work/cut" | od -An -c | tr -d ' ')" = '\n' ] || { echo "last line is partial"; exit 1; }
reported=$(sed -n 's/.*after \([0-9,]*\) records.*/\1/p' "$work/err" | tr -d ,)
[ "$reported" = "$lines" ] || { echo "reported $reported records, printed $lines"; cat "$work/err"; exit 1; }
# hunt with no bound but the signal: it still writes its checks file, which solve reads back.
"$bench" hunt --threads 2 --top 3 --no-progress --out "$work/hunt.txt" 2>"$work/err" &
pid=$!
interrupt_when_busy $pid
status=0
wait $pid || status=$?
[ "$status" -eq 130 ] || { echo "hunt exited $status, expected 130"; cat "$work/err"; exit 1; }
grep -q "^hunt interrupted: " "$work/err" || { echo "hunt wrote no summary"; cat "$work/err"; exit 1; }
[ "$(grep -vc '^#' "$work/hunt.txt")" -eq 3 ] || { echo "hunt wrote no puzzles"; cat "$work/hunt.txt"; exit 1; }
"$bench" solve --threads 2 "$work/hunt.txt" >/dev/null || { echo "hunt's output fails its checks"; exit 1; }
echo "interrupt tests passed"
