#!/usr/bin/env bash
# Usage: deal_rounds.sh DEAL_BENCHMARK OUTDIR: bench/deal_benchmark under mpirun --oversubscribe --bind-to none
# at 2, 4, 8 and 16 ranks, on shared memory (Open MPI's defaults) and with OMPI_MCA_btl=self,tcp
# OMPI_MCA_pml=ob1, 3 repetitions each; JSON to OUTDIR/{shm,tcp}-N.json.
set -uo pipefail
bench=$1 out=$2
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
for n in 2 4 8 16; do
  for transport in shm tcp; do
    env=()
    [[ $transport == tcp ]] && env=(OMPI_MCA_btl=self,tcp OMPI_MCA_pml=ob1)
    env "${env[@]}" timeout 300 mpirun --oversubscribe --bind-to none -n $n "$bench" --benchmark_repetitions=3 \
      --benchmark_out="$out/$transport-$n.json" --benchmark_out_format=json >"$out/$transport-$n.txt" 2>&1
    echo "$transport $n: exit $?"
  done
done
