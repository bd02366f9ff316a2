#!/bin/bash
# tools/power --plugin with two builds in turns, trial by trial: OLD_BENCH (main before the
# sequential rule, 03c3634) and NEW_BENCH (the sequential one), levels 0 and 3%, 20 trials each, on
# top1465 (tools/power's default), the same copy of the test plugin for both. Resumable: each call
# of tools/power keeps the trials it has. Run from the checkout's root.
set -euo pipefail
plugin=${PLUGIN:-build/tests/harness/slowed_plugin.so}
old=${OLD_BENCH:?OLD_BENCH: the sudoku-bench built at 03c3634}
new=${NEW_BENCH:-build/harness/sudoku-bench}
work=${WORK:-/tmp/pw}
mkdir -p "$work"
for t in $(seq 1 20); do
  for b in old new; do
    bench=$old
    [ $b = new ] && bench=$new
    tools/power --plugin "$plugin" --bench "$bench" --work "$work/$b" --levels 0,3 --trials "$t" >>"$work/$b.log" 2>&1
    uptime >>"$work/load.txt"
  done
done
