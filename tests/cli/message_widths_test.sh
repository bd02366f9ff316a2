#!/usr/bin/env bash
# Messages on stderr fit the width (issue 65): at COLUMNS=80 and 60 no line of a command's stderr is
# wider, but a puzzle's 81 symbols on a line of their own (data, kept whole); to a pipe with no
# COLUMNS each message stays one line, as scripts and these tests grep it. Probed on messages known
# to be long: compare's note on a report compared with itself, ab's rounds, hunt's summary, and a
# usage error.
# Usage: message_widths_test.sh SUDOKU_BENCH DATASETS_DIR
set -euo pipefail
bench=$1 datasets=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
"$bench" run --solver bitmask --threads 1 --repetitions 3 --min-time 0 --warmup-seconds 0 --no-progress \
  --json "$work/r.json" "$datasets/easy50.txt" >/dev/null 2>&1 || { echo "run failed"; exit 1; }
: >"$work/mysolver.py"  # a script given unquoted after exec:
# Each command's stderr alone (its stdout is another check's).
probes=(
  "compare $work/r.json $work/r.json"
  "ab --rounds 6 bitmask fast $datasets/easy50.txt"
  "hunt --method climb --unique --solver fast --seed 1 --evaluations 2000 --threads 1 --top 1 --out $work/h.txt"
  "run --solver exec:python3 $work/mysolver.py $datasets/easy50.txt"
)
for width in 80 60; do
  for probe in "${probes[@]}"; do
    # shellcheck disable=SC2086 # the probe's words are its arguments
    err=$(COLUMNS=$width "$bench" $probe 2>&1 >/dev/null) || true
    wide=$(awk -v w="$width" 'length > w && !(length == 81 && /^[0-9.]+$/)' <<<"$err")
    if [[ -n $wide ]]; then
      echo "COLUMNS=$width sudoku-bench ${probe%% *}: stderr lines over $width columns:"
      echo "$wide"
      status=1
    fi
    [[ -n $err ]] || { echo "COLUMNS=$width sudoku-bench ${probe%% *}: nothing on stderr"; status=1; }
  done
done
# Unwrapped where there is no width: the note is one line, the puzzle beside nothing else.
err=$(env -u COLUMNS "$bench" compare "$work/r.json" "$work/r.json" 2>&1 >/dev/null) || true
grep -q '^sudoku-bench compare: note: BASE and NEW are the same run (run id [0-9a-f]*): it is compared with itself, so every change is 0$' <<<"$err" ||
  { echo "compare's note is not one line without COLUMNS:"; echo "$err"; status=1; }
err=$(env -u COLUMNS "$bench" hunt --method climb --unique --solver fast --seed 1 --evaluations 2000 --threads 1 \
  --top 1 --out "$work/h.txt" 2>&1 >/dev/null) || true
grep -A1 '^largest unique: nodes [0-9]*, guesses [0-9]*, count 1:$' <<<"$err" | grep -Eq '^[0-9.]{81}$' ||
  { echo "hunt's largest unique is not followed by its puzzle on a line of its own:"; echo "$err"; status=1; }
[[ $status == 0 ]] && echo "stderr fits COLUMNS=80 and 60; one message a line without it"
exit $status
