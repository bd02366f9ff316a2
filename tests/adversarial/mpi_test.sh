#!/usr/bin/env bash
# MPI ranks that read different files under one path are refused, named; a rank that dies ends the
# job with a non-zero status rather than a hang.
source "$(dirname "$0")/lib.sh"
[ -n "${MPIEXEC:-}" ] || { echo "no MPI here: skipped"; exit 77; }
# Open MPI's own allocations are not freed at exit (as cli.mpi says): ranks do not check leaks.
if [[ -n "${ASAN_OPTIONS:-}" ]]; then export ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"; fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
run=(run --threads 1 --repetitions 1 --min-time 0 --warmup-seconds 0 --no-progress)
mkdir r0 r1
cp "$DATASETS/top95.txt" r0/top95.txt
head -95 "$DATASETS/top1465.txt" >r1/top95.txt  # as many records, other puzzles
probe "ranks reading different files of one name" 3 timeout 120 "$MPIEXEC" -n 1 -wdir "$work/r0" "$BENCH" "${run[@]}" top95.txt \
  : -n 1 -wdir "$work/r1" "$BENCH" "${run[@]}" top95.txt
says "ranks reading different files of one name" "top95.txt is not the same file on rank 1"
grep -q "puzzles/s" out && fail "ranks reading different files of one name: measured anyway"
cp r0/top95.txt r1/top95.txt
probe "ranks reading copies of one file" 0 timeout 120 "$MPIEXEC" -n 1 -wdir "$work/r0" "$BENCH" "${run[@]}" top95.txt \
  : -n 1 -wdir "$work/r1" "$BENCH" "${run[@]}" top95.txt

# A rank killed mid-run: the job ends, non-zero, well within the limit.
for i in $(seq 4); do cat "$DATASETS/sudoku17_49158.txt"; done >big.txt
timeout 120 "$MPIEXEC" -n 2 "$BENCH" run --threads 1 --repetitions 1000 --min-time 0 --no-progress big.txt >out 2>err &
pid=$!
# The ranks by their own command line (mpiexec's and timeout's hold it too, further in): waited
# for rather than a fixed sleep, so that a slow start under load does not kill mpiexec instead.
ranks() {
  ps -eo pid=,args= | awk -v p="$BENCH run --threads 1 --repetitions 1000" \
    '{ s = $0; sub(/^ *[0-9]+ /, "", s); if (index(s, p) == 1) print $1 }'
}
for _ in $(seq 600); do
  [ "$(ranks | wc -l)" -ge 2 ] && break
  sleep 0.1
done
[ "$(ranks | wc -l)" -ge 2 ] || fail "a rank killed: the two ranks did not start within 60 s"
sleep 1  # into the passes
kill -KILL "$(ranks | head -1)"
status=0
wait $pid || status=$?
[ "$status" != 0 ] && [ "$status" != 124 ] || fail "a rank killed: exit $status (0: not noticed, 124: hung)"
finish
