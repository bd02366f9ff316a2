#!/usr/bin/env bash
# Usage: cpu_rounds.sh BENCH OUTDIR [ROUNDS]: ROUNDS rounds (default 6) of, back to back, one
# process at --threads 2 and mpirun -n 2 --bind-to none at --threads 1, fast on kaggle_first20k,
# 3 repetitions each (--min-time 0.5). Prints per round the median CPU/puzzle of each and their ratio,
# and the 2-rank parts' puzzles (rank 0 against rank 1).
set -euo pipefail
bench=$1 out=$2 rounds=${3:-6}
data="$(dirname "$0")/../../datasets/kaggle_first20k.txt"
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
common=(run --solver fast --repetitions 3 --warmup-seconds 0.2 --min-time 0.5 --no-progress)
for r in $(seq "$rounds"); do
  "$bench" "${common[@]}" --threads 2 --json "$out/one-$r.json" "$data" >/dev/null 2>&1
  mpirun --bind-to none -n 2 "$bench" "${common[@]}" --threads 1 --json "$out/ranks-$r.json" "$data" >/dev/null 2>&1
done
python3 - "$out" "$rounds" <<'PY'
import json, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
ratios, shares = [], []
for r in range(1, rounds + 1):
    one = json.load(open(f"{out}/one-{r}.json"))["runs"]
    two = json.load(open(f"{out}/ranks-{r}.json"))["runs"]
    c1 = statistics.median(p["cpu_per_puzzle_ns"] for p in one)
    c2 = statistics.median(p["cpu_per_puzzle_ns"] for p in two)
    ratios.append(c2 / c1)
    for p in two:
        parts = p["parts"]
        shares.append(parts[0]["puzzles"] / parts[1]["puzzles"])
    print(f"round {r}: CPU/puzzle one process 2 threads {c1:.0f} ns, 2 ranks x 1 thread {c2:.0f} ns, ratio {c2 / c1:.3f}; "
          "rank 0 / rank 1 puzzles: " + ", ".join("%d/%d" % (p["parts"][0]["puzzles"], p["parts"][1]["puzzles"]) for p in two) + "; "
          f"waiting_cpu_s: {[round(q.get('waiting_cpu_seconds') or 0, 5) for p in two for q in p['parts']]}; "
          f"dealing_cpu_s: {[round(q.get('dealing_cpu_seconds') or 0, 5) for p in two for q in p['parts']]}")
print(f"median ratio (2 ranks x 1 thread / 1 process x 2 threads) over {rounds} rounds: {statistics.median(ratios):.3f} "
      f"(range {min(ratios):.3f}-{max(ratios):.3f})")
print(f"rank 0 / rank 1 puzzles over {len(shares)} passes: median {statistics.median(shares):.3f}, min {min(shares):.3f}, max {max(shares):.3f}")
PY
