#!/usr/bin/env bash
# The figures of results/counted/README.md: run --measure instructions repeated, quiet and under a
# CPU hog on every CPU, and the wall time of a CI-sized check (verdicts.sh: compare and history).
# Run from the checkout's root after
# `cmake --build build --target sudoku-bench bitmask_plugin_counted exec_c_solver_counted`.
# Usage: results/counted/measure.sh OUT_DIR [hog]
set -euo pipefail
out=$1 hog=${2:-}
mkdir -p "$out"
bench=build/harness/sudoku-bench
plugin=build/gates/bitmask_plugin_counted.so
exec_c=build/gates/exec_c_solver_counted
if [ -n "$hog" ]; then
  for _ in $(seq "$(nproc)"); do timeout 3600 sh -c 'while :; do :; done' & done  # ended at exit
  trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
fi
# Five repetitions: five valgrind processes each, one after the other.
for solver in bitmask fast "plugin:$plugin" "exec:$exec_c"; do
  name=$(basename "${solver#*:}")
  /usr/bin/time -f "%e s wall" nice -n 5 "$bench" run --measure instructions --no-progress --repetitions 5 \
    --solver "$solver" --json "$out/top95-$name.json" datasets/top95.txt
done
# Python on easy50: on top95 its first pass of 20 records ran over 12 minutes under valgrind.
/usr/bin/time -f "%e s wall" nice -n 5 "$bench" run --measure instructions --no-progress --repetitions 5 --sample 20 \
  --solver "exec:/usr/bin/python3 tests/exec/solver.py" --json "$out/easy50-python.json" datasets/easy50.txt
# Python on top95: tests/exec/solver_propagate.py finds hidden singles, fast enough under valgrind.
# /usr/bin/python3, as measured (a wrapper on PATH, a pyenv shim, is counted too since b50f864).
/usr/bin/time -f "%e s wall" nice -n 5 "$bench" run --measure instructions --no-progress --repetitions 5 --sample 20 \
  --solver "exec:/usr/bin/python3 tests/exec/solver_propagate.py" --json "$out/top95-python-propagate.json" datasets/top95.txt
/usr/bin/time -f "%e s wall" nice -n 5 "$bench" run --measure instructions --no-progress --sample 1000 \
  --solver "plugin:$plugin" --json "$out/kaggle-plugin.json" datasets/kaggle_first20k.txt
python3 - "$out" <<'PY'
import glob, json, sys
for path in sorted(glob.glob(sys.argv[1] + "/*.json")):
    report = json.load(open(path))
    counts = [r["instructions_per_puzzle"] for r in report["runs"]]
    spread = (max(counts) - min(counts)) / min(counts) * 100
    walls = [r["wall_seconds"] for r in report["runs"]]
    r = report["runs"][0]
    print(f"{path.split('/')[-1]:24} {r['implementation']:20} {r['status']['unique']:5} records  "
          f"{min(counts):14,.1f} .. {max(counts):14,.1f} instr/puzzle  spread {spread:.4f}%  "
          f"start-up {r.get('startup_instructions') or 0:,.0f}  wall/pass {sum(walls)/len(walls):.1f} s")
PY
