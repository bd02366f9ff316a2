#!/usr/bin/env bash
# Google Benchmark's own compare.py must read `run --format gbench` output: both runs of top95,
# every benchmark paired, the U test computed. Usage: gbench_compare_test.sh SUDOKU_BENCH PYTHON COMPARE_PY DATASET
set -euo pipefail
bench=$1 python=$2 compare_py=$3 dataset=$4
if [[ ! -f $compare_py ]]; then
  echo "missing $compare_py: install libbenchmark-tools (tools/setup does)" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for side in base new; do
  "$bench" run --threads 1,2 --repetitions 3 --warmup-seconds 0 --no-progress --json "$tmp/$side.json" --format gbench "$dataset" >/dev/null
done
"$python" "$compare_py" --no-color benchmarks "$tmp/base.json" "$tmp/new.json" | tee "$tmp/out.txt"
for want in 'solve/top95/bitmask/threads:1 ' 'solve/top95/bitmask/threads:2 ' 'solve/top95/bitmask/threads:1_pvalue' 'OVERALL_GEOMEAN'; do
  grep -qF -- "$want" "$tmp/out.txt" || { echo "compare.py output lacks '$want'" >&2; exit 1; }
done
