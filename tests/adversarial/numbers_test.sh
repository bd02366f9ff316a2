#!/usr/bin/env bash
# Numeric options out of range never reach a report: every numeric option of every command refuses
# NaN, infinities, signs, fractions where a whole number is meant, hex, octal-looking and
# overflowing values, before anything runs: exit 2, "sudoku-bench CMD: --OPTION: 'TEXT' is not ...".
# The extremes of each range still work.
source "$(dirname "$0")/lib.sh"
head -1 "$DATASETS/top95.txt" >one.txt

# refused CMD OPTION VALUE [MORE ARGUMENTS]: exit 2, the option and the value named.
refused() {
  local cmd=$1 option=$2 value=$3
  shift 3
  probe "$cmd $option '$value'" 2 "$BENCH" "$cmd" "$option" "$value" "$@"
  grep -qF -- "sudoku-bench $cmd: $option: '$value' is not " err ||
    { fail "$cmd $option '$value': not named"; sed 's/^/  stderr: /' err | head -3 >&2; }
  [ ! -s out ] || fail "$cmd $option '$value': printed something"
}

# A hunt that took a bad value would run for ever: bounded by the options not under test.
hunt_refused() {
  local option=$1 value=$2 bounds=()
  for bound in "--box 2" "--threads 1" "--seconds 3"; do
    [ "${bound% *}" = "$option" ] || bounds+=($bound)
  done
  refused hunt "$option" "$value" "${bounds[@]}" --no-progress --out hunt-bad.txt
}

# Whole numbers from 0 or 1 to 2^64-1.
counts=(-1 -0 18446744073709551616 99999999999999999999 nan inf 1e3 1.5 0x10 +5 " 5" "5 " "")
for value in "${counts[@]}"; do
  for option in --node-limit --seed --verify-every --limit; do refused solve "$option" "$value" one.txt; done
  for option in --node-limit --seed --verify-every --limit; do refused run "$option" "$value" one.txt; done
  for option in --seed --evaluations --node-limit --restart-after; do hunt_refused "$option" "$value"; done
done
refused solve --limit 0 one.txt
refused run --limit 0 one.txt
refused solve --verify-every 0 one.txt
hunt_refused --restart-after 0
# Whole numbers in a small range.
for value in -1 0 1025 4294967297 1e3 nan; do
  refused solve --threads "$value" one.txt
  hunt_refused --threads "$value"
done
for value in -1 0 1000001 1e2 nan; do refused run --repetitions "$value" one.txt; done
for value in -1 1 8 nan; do hunt_refused --box "$value"; done
for value in -1 10001 nan; do hunt_refused --top "$value"; done
for value in -1 1000001 nan; do refused compare --show "$value" a.json b.json; done
# Numbers: finite and in range.
reals=(nan NaN inf -inf infinity 1e400 -1 -1e-300 "" 1,5 0x10 " 1")
for value in "${reals[@]}" 1e9.5 1000000000.5 1e16; do
  refused solve --time-limit-ms "$value" one.txt
  refused run --time-limit-ms "$value" one.txt
done
for value in "${reals[@]}" 3600.001; do
  refused run --warmup-seconds "$value" one.txt
  refused run --min-time "$value" one.txt
done
for value in "${reals[@]}" 0 0.5000001; do refused compare --alpha "$value" a.json b.json; done
for value in "${reals[@]}" 1e9.5 1e10; do hunt_refused --seconds "$value"; done
for value in "${reals[@]}" 0 0.09 600.5; do refused check-plugin --rule-seconds "$value" none.so; done
# The seed of --interleave, and the thread list of run, are parsed apart: named all the same.
for value in -3 18446744073709551616 1e3; do
  probe "run --interleave=$value" 2 "$BENCH" run "--interleave=$value" one.txt
  says "run --interleave=$value" "^sudoku-bench run: --interleave=SEED: '$value' is not a whole number from 0 to 18446744073709551615"
done
for value in -1 0 1025 99999999999999999999 1:99999999999999999999; do
  probe "run --threads $value" 2 "$BENCH" run --threads "$value" one.txt
  says "run --threads $value" "^sudoku-bench run: --threads: '[-0-9]*' is not a whole number from 1 to 1024"
done

# The extremes still work: the largest counts, the longest time limit, 0 where it means none.
max=18446744073709551615
probe "solve, largest counts" 0 "$BENCH" solve --threads 1 --node-limit $max --seed $max --limit $max \
  --verify --verify-every $max --time-limit-ms 1e9 one.txt
grep -q ':1:' out || fail "solve, largest counts: the puzzle is not solved"
probe "solve, smallest" 0 "$BENCH" solve --threads 1 --node-limit 0 --seed 0 --limit 1 --time-limit-ms 0 one.txt
probe "run, largest limit" 0 "$BENCH" run --threads 1 --repetitions 1 --min-time 0 --warmup-seconds 0 --no-progress \
  --limit $max --json largest.json one.txt
grep -q '"limit": 18446744073709551615' largest.json || fail "run, largest limit: the report does not keep it"
grep -q '"unique": 1,' largest.json || fail "run, largest limit: the unique puzzle is not counted unique"
# A leading zero is decimal, not octal: 010 nodes are 10.
probe "solve --node-limit 010" 1 "$BENCH" solve --threads 1 --node-limit 010 one.txt
says "solve --node-limit 010" "aborted after 10 nodes"
# A limit below a nanosecond is rounded up, never to 0 (none): the report keeps it.
probe "run, tiny time limit" 0 "$BENCH" run --threads 1 --repetitions 4 --min-time 0 --warmup-seconds 0 --no-progress \
  --time-limit-ms 0.000001 --json tiny.json one.txt
grep -Eq '"time_limit_ms": *1e-0?6' tiny.json || fail "run, tiny time limit: not in the report as given"
probe "compare, extreme alpha" 0 "$BENCH" compare --alpha 1e-9 --show 1000000 tiny.json tiny.json
probe "compare, largest alpha" 0 "$BENCH" compare --alpha 0.5 --show 0 tiny.json tiny.json
probe "hunt, extremes" 0 "$BENCH" hunt --box 2 --threads 1 --evaluations 1 --top 10000 --seconds 1e9 --seed $max \
  --node-limit $max --restart-after $max --no-progress --out hunt.txt
probe "hunt, largest box" 0 "$BENCH" hunt --box 7 --threads 1 --evaluations 2 --node-limit 1000 --no-progress \
  --out hunt49.txt
grep -Eq '^[^#]{2401}:' hunt49.txt || fail "hunt, largest box: no 49x49 puzzle written"
probe "check-plugin, extremes" 1 "$BENCH" check-plugin --rule-seconds 600 none.so
! grep -q -- "--rule-seconds" err || fail "check-plugin, extremes: --rule-seconds 600 refused"

finish
