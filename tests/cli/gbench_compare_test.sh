#!/usr/bin/env bash
# Google Benchmark's own compare.py must read `run --format gbench` output: both runs of top95,
# every benchmark paired, the U test computed, and the aggregates (_mean, _median, _stddev, _cv)
# compared as those of --benchmark_repetitions.
# Usage: gbench_compare_test.sh SUDOKU_BENCH PYTHON COMPARE_PY DATASET
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
for want in 'solve/top95/bitmask/threads:1 ' 'solve/top95/bitmask/threads:2 ' 'solve/top95/bitmask/threads:1_pvalue' \
  'solve/top95/bitmask/threads:1_mean ' 'solve/top95/bitmask/threads:1_median ' 'solve/top95/bitmask/threads:1_stddev ' \
  'solve/top95/bitmask/threads:1_cv ' 'solve/top95/bitmask/threads:2_mean ' 'solve/top95/bitmask/threads:2_median ' \
  'OVERALL_GEOMEAN'; do
  grep -qF -- "$want" "$tmp/out.txt" || { echo "compare.py output lacks '$want'" >&2; exit 1; }
done
# The JSON itself: per benchmark, its 3 iterations, then the 4 aggregates of the same run.
"$python" - "$tmp/new.json" <<'PY'
import json, sys
benchmarks = json.load(open(sys.argv[1]))["benchmarks"]
aggregates = [b for b in benchmarks if b["run_type"] == "aggregate"]
assert len(benchmarks) == 2 * (3 + 4) and len(aggregates) == 2 * 4, [b["name"] for b in benchmarks]
for a in aggregates:
    run = [b for b in benchmarks if b["run_type"] == "iteration" and b["run_name"] == a["run_name"]]
    assert len(run) == 3 and a["name"] == a["run_name"] + "_" + a["aggregate_name"], a
    assert a["aggregate_unit"] == ("percentage" if a["aggregate_name"] == "cv" else "time"), a
    assert "repetition_index" not in a and a["repetitions"] == 3 and a["iterations"] == 3, a
    for key in ("family_index", "per_family_instance_index", "threads", "time_unit"):
        assert a[key] == run[0][key], (key, a)
    assert set(run[0]) - {"repetition_index"} <= set(a), a
mean = next(a for a in aggregates if a["aggregate_name"] == "mean")
times = [b["real_time"] for b in benchmarks if b["run_type"] == "iteration" and b["run_name"] == mean["run_name"]]
assert abs(mean["real_time"] - sum(times) / 3) <= 1e-9 * mean["real_time"], (mean, times)
PY
