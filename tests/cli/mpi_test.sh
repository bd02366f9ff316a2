#!/usr/bin/env bash
# run as MPI ranks, end to end: mpirun -n 2 and -n 3 (oversubscribed on a 2-core machine) measure
# the same records as one process (status counts, tree-size and guesses buckets identical, every
# puzzle timed once); a sweep over ranks merges into one report with speedups; a rank that
# cannot read its input fails the run, named; a plugin that crashes on one rank does too; only run is
# spread over ranks.
# Usage: mpi_test.sh SUDOKU_BENCH MPIEXEC DATASETS_DIR PYTHON WRONG_PLUGINS
set -euo pipefail
bench=$1 mpiexec=$2 data=$3 python=$4 plugins=$5
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# CI runs as root, which Open MPI refuses unless told; the oversubscription is deliberate.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# Open MPI's own start-up allocations are never freed (LeakSanitizer lists dozens, in libmpi and
# its plugins): under ASan the ranks do not check leaks; every in-process test still does.
if [[ -n "${ASAN_OPTIONS:-}" ]]; then export ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"; fi
# Containers often lack the shared-memory segment size and the network Open MPI probes for.
export OMPI_MCA_btl_vader_single_copy_mechanism=none
files=("$data/top1465.txt" "$data/sudoku17_49158.txt")
# --min-time 0: every rank reads its shard once, so that counts add up to one pass over the files.
common=(run --threads 1 --repetitions 1 --warmup-seconds 0 --min-time 0 --no-progress)

"$bench" "${common[@]}" --json "$work/one.json" "${files[@]}" >/dev/null
for n in 2 3; do
  "$mpiexec" -n $n "$bench" "${common[@]}" --json "$work/ranks$n.json" "${files[@]}" >"$work/out$n.txt"
  grep -q "ranksxt" "$work/out$n.txt" || { echo "FAIL: the table of -n $n shows no ranks"; cat "$work/out$n.txt"; exit 1; }
done

"$bench" merge --json "$work/sweep.json" "$work/one.json" "$work/ranks2.json" "$work/ranks3.json"

"$python" - "$work" <<'PY'
import json, sys
work = sys.argv[1]
one = json.load(open(f"{work}/one.json"))
def fail(msg):
    print("FAIL:", msg); sys.exit(1)
for n in (2, 3):
    r = json.load(open(f"{work}/ranks{n}.json"))
    if len(r["context"]["ranks"]) != n: fail(f"-n {n}: context names {len(r['context']['ranks'])} ranks")
    if len(r["runs"]) != len(one["runs"]): fail(f"-n {n}: {len(r['runs'])} passes")
    for a, b in zip(one["runs"], r["runs"]):
        where = f"-n {n} {a['dataset']}"
        if b["ranks"] != n or b["timing"] != "ranks" or len(b["parts"]) != n: fail(f"{where}: ranks/timing/parts {b['ranks']} {b['timing']}")
        if a["status"] != b["status"]: fail(f"{where}: status {a['status']} vs {b['status']}")
        for d in ("tree_size", "guesses"):
            if a[d]["buckets"] != b[d]["buckets"]: fail(f"{where}: {d} buckets differ")
            if a[d]["percentiles"] != b[d]["percentiles"] or a[d]["max"] != b[d]["max"]: fail(f"{where}: {d} percentiles differ")
        timed = sum(c for _, c in b["latency_ns"]["buckets"])
        if timed != a["puzzles"] or b["puzzles"] != a["puzzles"]: fail(f"{where}: {timed} timed of {a['puzzles']}")
        if sum(p["puzzles"] for p in b["parts"]) != a["puzzles"]: fail(f"{where}: the parts do not add up")
        # No rank held the whole pass's memory: documented null for a pass of parts.
        if a["peak_rss_bytes"] is None or b["peak_rss_bytes"] is not None: fail(f"{where}: peak_rss_bytes {a['peak_rss_bytes']} vs {b['peak_rss_bytes']}")
        slowest = max(p["wall_seconds"] for p in b["parts"])
        if abs(b["wall_seconds"] - slowest) > 1e-12: fail(f"{where}: wall {b['wall_seconds']} is not the slowest rank's {slowest}")
sweep = json.load(open(f"{work}/sweep.json"))
rows = {(s["dataset"], s["ranks"], s["threads"]): s for s in sweep["scaling"]}
for n in (2, 3):
    row = rows[("sudoku17_49158", n, 1)]
    if row["speedup"] is None or abs(row["efficiency"] - row["speedup"] / n) > 1e-9: fail(f"sweep: ranks {n} row {row}")
print("mpi: ranks 2 and 3 measured exactly what one process did")
PY

# Runs a command that must fail, its stderr matching PATTERN, with no table on stdout.
expect_refused() {
  local what=$1 pattern=$2 status
  shift 2
  set +e
  "$@" >"$work/refused.out" 2>"$work/refused.err"
  status=$?
  set -e
  if [[ $status -eq 0 ]] || ! grep -q "$pattern" "$work/refused.err" || grep -q "puzzles/s" "$work/refused.out"; then
    echo "FAIL: $what: status $status, and:"; cat "$work/refused.out" "$work/refused.err"; exit 1
  fi
}
# A rank given a file it cannot read (MPMD: rank 1 alone gets it) fails the run, naming the rank.
expect_refused "an unreadable file on rank 1" "rank 1 (.*missing.txt" \
  "$mpiexec" -n 1 "$bench" "${common[@]}" "$data/top95.txt" : -n 1 "$bench" "${common[@]}" "$work/missing.txt"
# Ranks started with different inputs: refused before measuring, both named, no report.
expect_refused "ranks with different inputs" "rank 1 reads .*top91.txt where rank 0 reads .*top95.txt" \
  "$mpiexec" -n 1 "$bench" "${common[@]}" "$data/top95.txt" : -n 1 "$bench" "${common[@]}" "$data/top91.txt"
expect_refused "solve under mpirun -n 2" "only run is spread over MPI ranks" "$mpiexec" -n 2 "$bench" solve "$data/top95.txt"
# A plugin that crashes on a record of one rank's shard (wrong_plugins.cc, "poison": a first row
# 987654321): every rank stops, the rank, the plugin, the signal and the record named.
{ head -n 50 "$data/top95.txt"; echo "987654321........................................................................"; } \
  >"$work/poisoned.txt"
expect_refused "a plugin crashing on a rank" "rank [01] (.*segfaults_on_poison crashed with SIGSEGV.*poisoned.txt:51)" \
  "$mpiexec" -n 2 "$bench" "${common[@]}" --solver "plugin:$plugins:segfaults_on_poison" "$data/top95.txt" \
  "$work/poisoned.txt"
echo "mpi: failures named and refused"
