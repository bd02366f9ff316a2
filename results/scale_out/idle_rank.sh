#!/usr/bin/env bash
# Usage: idle_rank.sh BENCH [mpirun args...]: mpirun -n 2 over one 36x36 puzzle (one chunk, bitmask, cut
# at 12 s): one rank solves, the other waits for the pass's end. Samples each rank's CPU (the sum of
# its threads' /proc/PID/task/*/schedstat run time, ns) and context switches (voluntary and not, all
# threads) from 3 s to 9 s.
bench=$1; shift
work=$(mktemp -d)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
head -n 1 "$(dirname "$0")/../../datasets/random_36x36_1000.txt" >"$work/one.txt"
mpirun --bind-to none "$@" -n 2 "$bench" run --solver bitmask --threads 1 --repetitions 1 --warmup-seconds 0 --min-time 0 \
  --time-limit-ms 12000 --no-progress --json "$work/idle.json" "$work/one.txt" >"$work/idle.out" 2>&1 &
sleep 3
pids=$(pgrep -f -- "--json $work/idle.json" | while read p; do [[ $(cat /proc/$p/comm) == sudoku-bench ]] && echo $p; done)
sample() {  # PID -> "cpu_ns switches"
  local ns=0 sw=0 t
  for t in /proc/$1/task/*; do
    ns=$((ns + $(cut -d' ' -f1 $t/schedstat)))
    sw=$((sw + $(awk '/ctxt_switches/{s+=$2} END{print s}' $t/status)))
  done
  echo $ns $sw
}
declare -A a
for p in $pids; do a[$p]=$(sample $p); done
t0=$(date +%s.%N); sleep 6; t1=$(date +%s.%N)
for p in $pids; do
  b=$(sample $p)
  python3 -c "import sys; c0,s0,c1,s1,t0,t1=map(float,sys.argv[1:]); w=t1-t0; print(f'pid $p: {100*(c1-c0)/1e9/w:.3f}% of a core, {(s1-s0)/w:.0f} context switches/s (all threads) over {w:.1f} s')" ${a[$p]} $b $t0 $t1
done
wait
python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1]))["runs"][0]["parts"]))' "$work/idle.json"
rm -rf "$work"
