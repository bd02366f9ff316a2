#!/usr/bin/env bash
# --help fits the terminal: at COLUMNS=80 (and 80 when COLUMNS is unset and the output is no terminal)
# no line of the program's or any command's help is wider than 80 columns; at COLUMNS=60, none wider
# than 60. Every command ends its help with an example, and the exit statuses include ab's 5. The
# prose commands write fits too (issue 65): `solvers`, and history's series and the paragraph under
# them (124 columns before).
# Usage: help_test.sh SUDOKU_BENCH DATASETS_DIR
set -euo pipefail
bench=$1 datasets=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
commands=$(COLUMNS=80 "$bench" --help | sed -n '/^Commands:/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p')
[[ -n $commands ]] || { echo "no commands in --help"; exit 1; }
status=0
for width in 80 60 unset; do
  limit=${width/unset/80}
  for command in "" $commands; do
    if [[ $width == unset ]]; then help=$(env -u COLUMNS "$bench" $command --help); else
      help=$(COLUMNS=$width "$bench" $command --help); fi
    wide=$(awk -v w="$limit" 'length > w' <<<"$help")
    if [[ -n $wide ]]; then
      echo "COLUMNS=$width sudoku-bench $command --help: lines over $limit columns:"
      echo "$wide"
      status=1
    fi
    if [[ -n $command ]] && ! grep -q "^Example:" <<<"$help"; then
      echo "sudoku-bench $command --help has no example"
      status=1
    fi
  done
done
for i in 1 2 3; do
  "$bench" run --solver bitmask --threads 1 --repetitions 3 --min-time 0 --warmup-seconds 0 --no-progress \
    --json "$work/r$i.json" "$datasets/easy50.txt" >/dev/null 2>&1 || { echo "run for history failed"; exit 1; }
done
for width in 80 60; do
  outputs=(solvers)
  ((width == 80)) && outputs+=("history $work/r1.json $work/r2.json $work/r3.json")  # a series' key is one word
  for command in "${outputs[@]}"; do
    wide=$(COLUMNS=$width "$bench" $command 2>&1 | awk -v w="$width" 'length > w')
    if [[ -n $wide ]]; then
      echo "COLUMNS=$width sudoku-bench ${command%% *}: lines over $width columns:"
      echo "$wide"
      status=1
    fi
  done
done
COLUMNS=80 "$bench" --help | grep -q "^  5 " || { echo "--help does not list exit status 5"; status=1; }
[[ $status == 0 ]] && echo "every --help, solvers and history fit their width; every --help has an example"
exit $status
