#!/usr/bin/env bash
# --help fits the terminal: at COLUMNS=80 (and 80 when COLUMNS is unset and the output is no terminal)
# no line of the program's or any command's help is wider than 80 columns; at COLUMNS=60, none wider
# than 60. Every command ends its help with an example, and the exit statuses include ab's 5.
# Usage: help_test.sh SUDOKU_BENCH
set -euo pipefail
bench=$1
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
COLUMNS=80 "$bench" --help | grep -q "^  5 " || { echo "--help does not list exit status 5"; status=1; }
[[ $status == 0 ]] && echo "every --help fits its width, with an example"
exit $status
