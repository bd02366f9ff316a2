#!/usr/bin/env bash
# run's progress line on a terminal (a pseudo-terminal from util-linux's script): under --min-time its
# percentage covers the whole run, warm-ups and repetitions, and never goes back; with a 150-character
# solver spec on a 70-column terminal, no line is wider than the terminal.
# Usage: progress_test.sh SUDOKU_BENCH EXAMPLE_PLUGIN DATASETS_DIR
set -euo pipefail
bench=$1 plugin=$2 datasets=$3
command -v script >/dev/null || { echo "no script (util-linux): skipped"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A directory name that makes the spec 150 characters long, the plugin in it by a symbolic link.
long=$(printf 'd%.0s' $(seq 1 $((150 - ${#work} - 29))))
mkdir "$work/$long"
ln -s "$(realpath "$plugin")" "$work/$long/libbitmask_plugin.so"
spec="plugin:$work/$long/libbitmask_plugin.so"
[ ${#spec} -eq 150 ] || { echo "FAIL: the spec is ${#spec} characters, not 150"; exit 1; }

columns=70
status=0
script -qec "stty cols $columns; '$bench' run --solver '$spec' --threads 1 --repetitions 2 --warmup-seconds 0.3 \
  --min-time 2 --no-latency '$datasets/hardest.txt'" /dev/null >"$work/tty" || status=$?
[ "$status" -eq 0 ] || { echo "FAIL: run exited $status"; cat "$work/tty"; exit 1; }

# Each drawing is "\r\e[K" and the line; the table after them has none of " puzzles, ".
mapfile -t lines < <(tr '\r' '\n' <"$work/tty" | grep -a $'^\e\[K.* puzzles, ' | sed $'s/^\e\\[K//')
mapfile -t shares < <(printf '%s\n' "${lines[@]}" | sed -nE 's/.*, ([0-9]+)%, ETA .*/\1/p')
fail=0
[ ${#shares[@]} -ge 10 ] || { echo "FAIL: ${#shares[@]} percentages drawn in a 4.6 s run"; fail=1; }
for ((i = 1; i < ${#shares[@]}; ++i)); do
  ((shares[i] >= shares[i - 1])) || { echo "FAIL: ${shares[i - 1]}% then ${shares[i]}%"; fail=1; }
done
# Whole-run shares: the first pass's end is not 100%, the last drawing is near the end.
((${shares[0]:-100} < 30)) || { echo "FAIL: the run began at ${shares[0]:-no}%"; fail=1; }
((${shares[-1]:-0} >= 80)) || { echo "FAIL: the run ended at ${shares[-1]:-no}%"; fail=1; }
for line in "${lines[@]}"; do
  ((${#line} < columns)) || { echo "FAIL: ${#line} columns on a $columns-column terminal: $line"; fail=1; }
done
if ((fail)); then printf '%s\n' "${lines[@]}"; exit 1; fi
echo "ok: ${#lines[@]} drawings, ${shares[0]}% to ${shares[-1]}%, none wider than $((columns - 1)) columns"
