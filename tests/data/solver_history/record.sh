#!/bin/bash
# A solver's history for tests/harness/run/ab_test.cc: 12 versions of a plugin (step_1.1 .. 1.12), from
# the seventh on 5% slower in CPU time (slowed_plugin.so's solve_env spinning 5% of each puzzle's
# cycle), each a rebuilt library (other bytes, other hash); and 12 versions of an unchanged one
# (flat_2.*). Recorded in shuffled order, so that date order is not version order. Run from the
# checkout's root on an otherwise idle machine. Recorded at 09a0708+ on the 2-vCPU Intel Xeon
# (family 6, model 207): the step measured +8.1% [+5.0%, +9.5%] (5% spun, plus the drift between
# runs made apart, which the flat series shows too: 169-184 us).
B=${BENCH:-build/harness/sudoku-bench}
P=${PLUGIN:-build/tests/harness/slowed_plugin.so}
D=datasets/top95.txt
out=tests/data/solver_history lib=$(mktemp -d)
for v in 3 11 1 8 5 12 2 7 10 4 9 6; do
  cp $P $lib/libmine.so
  printf 'version 1.%d' $v >> $lib/libmine.so   # a rebuilt library: other bytes, other hash
  tenths=0; [ $v -ge 7 ] && tenths=50
  SUDOKU_BENCH_SLOWED_TENTHS=$tenths taskset -c 1 $B run --solver mine=plugin:$lib/libmine.so:solve_env --threads 1 \
    --repetitions 5 --min-time 0.2 --no-latency --label version=1.$v --json $out/step_1.$v.json $D > /dev/null
  cp $P $lib/libmine.so
  printf 'version 2.%d' $v >> $lib/libmine.so
  taskset -c 1 $B run --solver mine=plugin:$lib/libmine.so:solve_env --threads 1 \
    --repetitions 5 --min-time 0.2 --no-latency --label version=2.$v --json $out/flat_2.$v.json $D > /dev/null
done
