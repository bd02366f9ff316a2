#!/usr/bin/env bash
# sudoku-generate as README shows it: 100 25x25 puzzles in seconds (it printed nothing in 30 s
# when every removal's uniqueness check could search without bound), each with one solution, the
# same for a seed whatever the threads.
source "$(dirname "$0")/lib.sh"
: "${GENERATE:?}"
count=100
[ -n "${SANITIZE:-}" ] && count=10  # a sanitizer build runs several times slower

start=${EPOCHREALTIME/./}
probe "README's command" 0 timeout 60 "$GENERATE" --box 5 --count $count --seed 1
took_ms=$(((${EPOCHREALTIME/./} - start) / 1000))
echo "sudoku-generate --box 5 --count $count --seed 1: $took_ms ms" >&2
mv out puzzles.txt
[ "$(wc -l <puzzles.txt)" = $count ] || fail "README's command: $(wc -l <puzzles.txt) lines, expected $count"
[ "$(grep -cE '^[1-9A-P.]{625}$' puzzles.txt)" = $count ] || fail "README's command: a line is not a 25x25 puzzle"
[ "$(sort -u puzzles.txt | wc -l)" = $count ] || fail "README's command: the same puzzle twice"
# Each has exactly one solution (logic proves these far faster than bitmask).
probe "each unique" 0 timeout 60 "$BENCH" solve --solver logic --threads 2 puzzles.txt
[ "$(grep -c ':1:' out)" = $count ] || fail "each unique: not every puzzle has exactly one solution"

# The same for a seed, whatever the threads and wherever the series starts.
probe "one thread" 0 timeout 60 "$GENERATE" --box 5 --count 6 --seed 1 --threads 1
head -6 puzzles.txt | cmp -s - out || fail "one thread: other puzzles than with all threads"
probe "from the fourth" 0 timeout 60 "$GENERATE" --box 5 --count 3 --first 3 --seed 1 --threads 3
sed -n 4,6p puzzles.txt | cmp -s - out || fail "from the fourth: other puzzles than the series' 4th to 6th"
probe "another seed" 0 timeout 60 "$GENERATE" --box 5 --count 2 --seed 2
! head -2 puzzles.txt | cmp -s - out || fail "another seed: the same puzzles"

# Up to 9x9 every given that can go goes (minimal puzzles), as before.
probe "9x9" 0 "$GENERATE" --box 3 --count 50 --seed 7
mv out nine.txt
probe "9x9 unique" 0 "$BENCH" solve --threads 2 nine.txt
[ "$(grep -c ':1:' out)" = 50 ] || fail "9x9 unique: not every puzzle has exactly one solution"

# --keep-percent: that share of the cells given, nothing proven, each still solvable.
probe "--keep-percent" 0 "$GENERATE" --box 6 --count 3 --seed 1 --keep-percent 45
mv out kept.txt
[ "$(wc -l <kept.txt)" = 3 ] || fail "--keep-percent: not 3 puzzles"
for line in 1 2 3; do
  [ "$(sed -n ${line}p kept.txt | tr -d '\n.' | wc -c)" = 583 ] || fail "--keep-percent: puzzle $line has not 45% of 1296 cells"
done
probe "--keep-percent solvable" 0 timeout 120 "$BENCH" solve --solver cadical --limit 1 --threads 2 kept.txt
[ "$(grep -c ':1:' out)" = 3 ] || fail "--keep-percent solvable: not every puzzle has a solution"
for other in "--min-givens 5" "--check-nodes 5"; do
  probe "--keep-percent $other" 2 "$GENERATE" --keep-percent 50 $other
  says "--keep-percent $other" "^sudoku-generate: --keep-percent proves nothing"
done
probe "--keep-percent 0" 2 "$GENERATE" --keep-percent 0
says "--keep-percent 0" "^sudoku-generate: --keep-percent: '0' is not a whole number from 1 to 100"

# Bad numbers are named.
for value in -1 8 1e3 99999999999999999999; do
  probe "--box $value" 2 "$GENERATE" --box "$value"
  says "--box $value" "^sudoku-generate: --box: '$value' is not a whole number from 2 to 7"
done
probe "--threads 0" 2 "$GENERATE" --threads 0
says "--threads 0" "^sudoku-generate: --threads: '0' is not a whole number from 1 to 1024"

finish
