#!/usr/bin/env bash
# compare --per-puzzle on files run --per-puzzle really wrote: two solvers in one file pair each
# with itself, never pooled; a corrupt row (a latency of nan, -5 or 1e400, a row short of a field)
# is exit 3 naming FILE:LINE and the column, plain or gzip; nothing to compare is not success.
source "$(dirname "$0")/lib.sh"
run=("$BENCH" run --solver bitmask,fast --threads 1 --repetitions 1 --min-time 0 --no-progress)

"${run[@]}" --per-puzzle a.csv "$DATASETS/top95.txt" >/dev/null 2>&1 || fail "run --per-puzzle a.csv failed"
"${run[@]}" --per-puzzle b.csv "$DATASETS/top95.txt" >/dev/null 2>&1 || fail "run --per-puzzle b.csv failed"
a_sum=$(sum_of a.csv)

# The same two solvers twice: one row per solver, each against itself. Timing decides 0 or 1 (a
# loaded machine may slow one run), never what pairs with what.
status=0
"$BENCH" compare --per-puzzle a.csv b.csv >"$work/out" 2>"$work/err" || status=$?
case $status in 0 | 1) ;; *) fail "two solvers: exit $status, expected 0 or 1" ;; esac
before=$failures
grep -Eq '^top95 +bitmask +1 +95 ' "$work/out" || fail "two solvers: no row of bitmask against bitmask"
grep -Eq '^top95 +fast +1 +95 ' "$work/out" || fail "two solvers: no row of fast against fast"
grep -q 'pair by (dataset, solver, threads, file, line)' "$work/out" || fail "two solvers: the pairing is not stated"
[ "$failures" = "$before" ] || sed 's/^/  stdout: /' "$work/out" | head -8 >&2
same "two solvers" a.csv "$a_sum"

# One solver on each side: nothing pairs (before, bitmask's rows were pooled with fast's and called SLOWER).
grep -v ',fast,' a.csv >bitmask.csv
grep -v ',bitmask,' b.csv >fast.csv
probe "bitmask against fast" 2 "$BENCH" compare --per-puzzle bitmask.csv fast.csv
says "bitmask against fast" "only in BASE: top95 bitmask 1 thread"
says "bitmask against fast" "only in NEW: top95 fast 1 thread"
says "bitmask against fast" "nothing to compare"

# Line 5 of a.csv is a row of bitmask; its 7th field is latency_ns.
for value in nan -5 1e400 12abc; do
  sed "5s/^\(\([^,]*,\)\{6\}\)[^,]*/\1$value/" a.csv >bad.csv
  grep -q -- ",$value," bad.csv || fail "latency $value: the copy was not corrupted"
  probe "latency $value in BASE" 3 "$BENCH" compare --per-puzzle bad.csv b.csv
  says "latency $value in BASE" "^sudoku-bench compare: bad\.csv:5: column latency_ns: '$value' is not "
  probe "latency $value in NEW" 3 "$BENCH" compare --per-puzzle b.csv bad.csv
  says "latency $value in NEW" "bad\.csv:5: column latency_ns: '$value' is not "
done
sed '9s/^\(\([^,]*,\)\{7\}\)[^,]*/\118446744073709551616/' a.csv | gzip -1 >bad.csv.gz
probe "nodes beyond uint64, gzip" 3 "$BENCH" compare --per-puzzle bad.csv.gz b.csv
says "nodes beyond uint64, gzip" "bad\.csv\.gz:9: column nodes: '18446744073709551616' is not "
sed '7s/,[^,]*$//' a.csv >short.csv
probe "a row short of a field" 3 "$BENCH" compare --per-puzzle short.csv b.csv
says "a row short of a field" "short\.csv:7: expected 10 comma-separated fields, found 9"

# Nothing to compare is not success.
head -1 a.csv >header.csv
probe "a header and no row" 2 "$BENCH" compare --per-puzzle header.csv b.csv
says "a header and no row" "header\.csv has a header and no row: nothing to compare"
same "corrupt copies" a.csv "$a_sum"

finish
