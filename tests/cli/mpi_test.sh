#!/usr/bin/env bash
# run as MPI ranks, end to end: mpirun -n 2 and -n 3 (oversubscribed on a 2-core machine) measure
# the same records as one process (status counts, tree-size and guesses buckets identical, every
# puzzle timed once), and so do -n 1 and -n 4; with the default --min-time every rank reads the
# file the same number of times (whole readings, the distributions one process's), and shards
# read their shares once, merged alike; SIGTERM to one
# rank stops every rank at once, the passes before kept, and --resume measures the rest; a
# rank SIGKILLed leaves the report of the passes before (written after each); srun tasks without PMI are
# refused; the default threads follow the CPU affinity and SLURM_CPUS_PER_TASK; a sweep over ranks merges into one report with speedups; a rank that
# cannot read its input fails the run, named; a plugin that crashes on one rank does too; only run is
# spread over ranks.
# Usage: mpi_test.sh SUDOKU_BENCH MPIEXEC DATASETS_DIR PYTHON WRONG_PLUGINS
set -euo pipefail
bench=$1 mpiexec=$2 data=$3 python=$4 plugins=$5
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/lib.sh"
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
for n in 1 2 3 4; do
  "$mpiexec" -n $n "$bench" "${common[@]}" --json "$work/ranks$n.json" "${files[@]}" >"$work/out$n.txt"
  [[ $n -eq 1 ]] || grep -q "ranksxt" "$work/out$n.txt" || { echo "FAIL: the table of -n $n shows no ranks"; cat "$work/out$n.txt"; exit 1; }
done

"$bench" merge --json "$work/sweep.json" "$work/one.json" "$work/ranks2.json" "$work/ranks3.json"
# The counters served by rank 0 (as across machines without one-sided atomics): the same counts.
SUDOKU_BENCH_ONE_SIDED=0 "$mpiexec" -x SUDOKU_BENCH_ONE_SIDED -n 3 "$bench" "${common[@]}" --json "$work/served.json" \
  "${files[@]}" >/dev/null
"$python" - "$work" <<'PY'
import json, sys
one, served = (json.load(open(f"{sys.argv[1]}/{n}.json"))["runs"] for n in ("one", "served"))
for a, b in zip(one, served):
    if a["status"] != b["status"] or a["tree_size"]["buckets"] != b["tree_size"]["buckets"] or b["ranks"] != 3:
        print(f"FAIL: counters served by rank 0, {a['dataset']}: {b['status']} against {a['status']}"); sys.exit(1)
print("mpi: counters served by rank 0 (SUDOKU_BENCH_ONE_SIDED=0): one process's counts")
PY

"$python" - "$work" <<'PY'
import json, sys
work = sys.argv[1]
one = json.load(open(f"{work}/one.json"))
def fail(msg):
    print("FAIL:", msg); sys.exit(1)
for n in (1, 2, 3, 4):
    r = json.load(open(f"{work}/ranks{n}.json"))
    if len(r["context"]["ranks"]) != (n if n > 1 else 0): fail(f"-n {n}: context names {len(r['context']['ranks'])} ranks")
    if len(r["runs"]) != len(one["runs"]): fail(f"-n {n}: {len(r['runs'])} passes")
    for a, b in zip(one["runs"], r["runs"]):
        where = f"-n {n} {a['dataset']}"
        if n == 1:
            if a["status"] != b["status"] or a["tree_size"]["buckets"] != b["tree_size"]["buckets"]: fail(f"{where}: differs")
            continue
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
print("mpi: ranks 1 to 4 measured exactly what one process did")
PY

# The default --min-time: the job reads the file a whole number of times, every chunk as often,
# so that the distributions are one process's (the counts of one reading times the readings).
# Shards at the default settings each read their share once (shards cannot agree on a number of
# readings), so that merged they count every puzzle once and distribute as one process.
"$bench" run --threads 1 --repetitions 1 --warmup-seconds 0 --no-progress --json "$work/one_default.json" \
  "$data/top95.txt" >/dev/null
"$mpiexec" -n 3 "$bench" run --threads 1 --repetitions 1 --warmup-seconds 0 --no-progress \
  --json "$work/ranks_default.json" "$data/top95.txt" >/dev/null
for k in 1 2; do
  "$bench" run --threads 1 --repetitions 1 --warmup-seconds 0 --no-progress --shard "$k/2" \
    --json "$work/shard_default_$k.json" "$data/top95.txt" >/dev/null
done
"$bench" merge --json "$work/shards_default.json" "$work/shard_default_1.json" "$work/shard_default_2.json" \
  2>"$work/merge_default.err"
[[ ! -s $work/merge_default.err ]] || { echo "FAIL: merge of default shards said:"; cat "$work/merge_default.err"; exit 1; }
"$python" - "$work" <<'PY'
import json, sys
work = sys.argv[1]
a, b, shards = (json.load(open(f"{work}/{name}.json"))["runs"][0] for name in ("one_default", "ranks_default", "shards_default"))
def per_reading(p): return {k: v // p["loops"] for k, v in p["status"].items()}
def same_distributions(b, what):
    for d in ("tree_size", "guesses"):
        if a[d]["percentiles"] != b[d]["percentiles"] or a[d]["max"] != b[d]["max"] or abs(a[d]["mean"] - b[d]["mean"]) > 1e-9:
            print(f"FAIL: {what}: {d} {a[d]['percentiles']} vs {b[d]['percentiles']}"); sys.exit(1)
if any(v % b["loops"] for v in b["status"].values()) or per_reading(a) != per_reading(b):
    print("FAIL: --min-time under mpirun -n 3:", a["status"], a["loops"], b["status"], b["loops"]); sys.exit(1)
same_distributions(b, "--min-time under mpirun -n 3")
print(f"mpi: -n 3 read top95 {b['loops']} times whole, one process {a['loops']}: the same distributions")
if shards["loops"] != 1 or shards["status"] != per_reading(a):
    print("FAIL: default shards merged:", shards["status"], shards["loops"], "one process per reading:", per_reading(a)); sys.exit(1)
same_distributions(shards, "default shards merged")
print("mpi: two shards at the default settings, merged: one process's counts per reading and distributions")
PY

# The pids of the 3 ranks of mpirun job JOB (its pid) that write REPORT, once all have started.
ranks_writing() {
  local report=$1 job=$2 pids=""
  for _ in $(seq 200); do
    pids=$(pgrep -f -- "--json $report" | grep -v "^$job\$" || true)
    [[ $(wc -w <<<"$pids") -ge 3 ]] && break
    sleep 0.1
  done
  echo "$pids"
}

# SIGTERM to one rank (not rank 0): every rank stops at once, the report keeps the passes
# measured before and is marked interrupted; 143. Five passes of at least 4 s; the signal in the third.
set +e
"$mpiexec" -n 3 "$bench" run --solver bitmask --threads 1 --repetitions 5 --warmup-seconds 0 --min-time 4 \
  --no-progress --json "$work/interrupted.json" "$data/top95.txt" >"$work/interrupted.out" 2>&1 &
job=$!
set -e
ranks=$(ranks_writing "$work/interrupted.json" "$job")
sleep 10
# The ranks' pids in rank order are not known here: any but the lowest (mpirun's first child) will do.
victim=$(sort -n <<<"$ranks" | tail -n 1)
signalled=$(date +%s.%N)
kill -TERM "$victim"
set +e
wait "$job"
status=$?
set -e
ended=$(date +%s.%N)
written=$(stat -c %.9Y "$work/interrupted.json")
# 0.01-0.1 s on an idle machine; the bound leaves room for a loaded one, and sanitizers slow the
# last moments of a pass and the report's writing several times over.
bound=2
if [[ -n "${ASAN_OPTIONS:-}${TSAN_OPTIONS:-}" ]]; then bound=6; fi
"$python" - "$work" "$status" "$signalled" "$ended" "$written" "$bound" <<'PY'
import json, sys
work, status, signalled, ended, written, bound = sys.argv[1], int(sys.argv[2]), *map(float, sys.argv[3:7])
out = open(f"{work}/interrupted.out").read()
def fail(msg): print("FAIL: SIGTERM to one rank:", msg); print(out); sys.exit(1)
r = json.load(open(f"{work}/interrupted.json"))
complete = [p for p in r["runs"] if p["complete"]]
if status != 143: fail(f"status {status}")
if not r.get("interrupted"): fail("the report is not marked interrupted")
# The signal comes in the third pass when the ranks start at once; a slow start moves it a pass.
if not complete or len(complete) != len(r["runs"]) - 1 or r["runs"][-1]["complete"]:
    fail(f"{len(r['runs'])} passes, {len(complete)} complete")
# Every rank stopped and the report written; mpirun then takes up to a second more to end a job
# whose processes exit with a non-zero status.
if written - signalled > bound: fail(f"the report was written {written - signalled:.2f} s after the signal")
if ended - signalled > 3 * bound: fail(f"the job ended {ended - signalled:.2f} s after the signal")
print(f"mpi: SIGTERM to one rank: report in {written - signalled:.2f} s, job ended in {ended - signalled:.2f} s, {len(complete)} passes kept")
PY

# --resume after the kill: the complete passes kept, the rest measured by the ranks; every pass
# then counts whole readings of top95, as an uninterrupted run does.
"$mpiexec" -n 3 "$bench" run --solver bitmask --threads 1 --repetitions 5 --warmup-seconds 0 --min-time 4 \
  --no-progress --resume "$work/interrupted.json" --json "$work/resumed.json" "$data/top95.txt" >/dev/null 2>&1
"$python" - "$work" <<'PY'
import json, sys
work = sys.argv[1]
cut, done = (json.load(open(f"{work}/{n}.json")) for n in ("interrupted", "resumed"))
def fail(msg): print("FAIL: --resume under mpirun:", msg); sys.exit(1)
if len(done["runs"]) != 5 or not all(p["complete"] for p in done["runs"]) or done.get("interrupted"): fail("not 5 complete passes")
kept = [p for p in cut["runs"] if p["complete"]]
if [p["run_id"] for p in done["runs"][:len(kept)]] != [p["run_id"] for p in kept]: fail("the passes before were measured again")
if any(p["puzzles"] % 95 or p["ranks"] != 3 for p in done["runs"]): fail("a pass is not whole readings of 3 ranks")
print(f"mpi: --resume kept {len(kept)} passes and measured {5 - len(kept)}")
PY

# A rank killed (SIGKILL: no rank can write then, and mpirun ends them all): the report written after
# every pass keeps the passes measured before, marked interrupted; --resume measures the rest.
killed=(run --solver bitmask --threads 1 --repetitions 3 --warmup-seconds 0 --min-time 2 --no-progress)
set +e
"$mpiexec" -n 3 "$bench" "${killed[@]}" --json "$work/killed.json" "$data/top95.txt" >"$work/killed.out" 2>&1 &
job=$!
set -e
ranks=$(ranks_writing "$work/killed.json" "$job")
for _ in $(seq 300); do [[ -f $work/killed.json ]] && break; sleep 0.05; done
kill -KILL "$(sort -n <<<"$ranks" | tail -n 1)"
set +e
wait "$job"
set -e
"$mpiexec" -n 3 "$bench" "${killed[@]}" --resume "$work/killed.json" --json "$work/revived.json" "$data/top95.txt" \
  >/dev/null 2>&1
"$python" - "$work" <<'PY'
import json, sys
work = sys.argv[1]
cut, done = (json.load(open(f"{work}/{n}.json")) for n in ("killed", "revived"))
def fail(msg): print("FAIL: a rank killed:", msg); sys.exit(1)
if not cut.get("interrupted") or not cut["runs"] or not all(p["complete"] for p in cut["runs"]): fail("the report kept")
if len(done["runs"]) != 3 or not all(p["complete"] and p["puzzles"] % 95 == 0 for p in done["runs"]): fail("after --resume")
print(f"mpi: a rank SIGKILLed: {len(cut['runs'])} passes kept, the rest measured by --resume")
PY

# srun without an MPI process manager starts independent processes: refused, saying how to launch.
set +e
SLURM_STEP_NUM_TASKS=2 SLURM_NTASKS=2 "$bench" run --threads 1 "$data/top95.txt" >"$work/srun.out" 2>"$work/srun.err"
status=$?
set -e
if [[ $status -ne 2 ]] || ! grep -q "srun --mpi=pmix" "$work/srun.err"; then
  echo "FAIL: srun without PMI: status $status"; cat "$work/srun.err"; exit 1
fi
# Only run over the whole input (and hunt) is refused there: --version, solvers, solve, compare,
# merge, report and a run given its shard are one task's own work (issue 55).
srun_task() { SLURM_STEP_NUM_TASKS=2 SLURM_NTASKS=2 SLURM_PROCID=1 "$@"; }
shard="run --threads 1 --repetitions 1 --warmup-seconds 0 --min-time 0 --no-progress"
for cmd in "--version" "solvers" "solve --solver bitmask $data/easy50.txt" \
  "$shard --shard 1/2 --json $work/shard1.json $data/top95.txt" \
  "$shard --shard 2/2 --json $work/shard2.json $data/top95.txt" \
  "report --markdown $work/shard2.md $work/shard2.json" \
  "merge --json $work/merged.json $work/shard1.json $work/shard2.json" \
  "compare $work/shard2.json $work/shard2.json"; do
  # shellcheck disable=SC2086
  if ! srun_task "$bench" $cmd >"$work/task.out" 2>"$work/task.err"; then
    echo "FAIL: $cmd in an srun task without PMI:"; cat "$work/task.err"; exit 1
  fi
done
if grep -q "pmi2" "$work/srun.err"; then echo "FAIL: the refusal offers pmi2:"; cat "$work/srun.err"; exit 1; fi
# The advice, pasted as it is into two tasks (srun -n 2 runs it in each with its own SLURM_PROCID; the
# submitting shell expands nothing in it): two shards, two reports, merged the counts of one process.
advice=$(grep -o "srun -n 2 bash -c '[^']*'" "$work/srun.err") || { echo "FAIL: no shard advice:"; cat "$work/srun.err"; exit 1; }
pasted=${advice#srun -n 2 bash -c \'}
pasted=${pasted%\'}
pasted=${pasted/sudoku-bench run/\"\$bench\" run --threads 1 --repetitions 1 --warmup-seconds 0 --min-time 0 --no-progress}
pasted=${pasted/FILE.../\"\$data\"/top95.txt}
(
  cd "$work"
  for task in 0 1; do
    bench=$bench data=$data SLURM_STEP_NUM_TASKS=2 SLURM_NTASKS=2 SLURM_PROCID=$task bash -c "$pasted" >/dev/null ||
      { echo "FAIL: the pasted advice in task $task: $pasted"; exit 1; }
  done
  "$bench" merge --json pasted.json shard-0.json shard-1.json >/dev/null
  "$bench" run --threads 1 --repetitions 1 --warmup-seconds 0 --min-time 0 --no-progress --json pasted-one.json \
    "$data/top95.txt" >/dev/null
  "$python" - <<'PY' || exit 1
import json, sys
shards = [json.load(open(f"shard-{t}.json"))["settings"]["shard"] for t in (0, 1)]
merged, one = (json.load(open(f))["runs"][0] for f in ("pasted.json", "pasted-one.json"))
if shards != [{"index": 1, "count": 2}, {"index": 2, "count": 2}]: sys.exit(f"FAIL: the tasks measured shards {shards}")
if merged["status"] != one["status"]: sys.exit(f"FAIL: the shards merged count {merged['status']}, one process {one['status']}")
PY
) || exit 1
# ab and hunt run as one process: refused there too, saying how to start them.
for cmd in "ab --rounds 2 bitmask fast $data/top95.txt" "hunt --seconds 1 --solver bitmask"; do
  # shellcheck disable=SC2086
  expect_refused "${cmd%% *} in an srun step without PMI" 2 "srun --mpi=pmix" srun_task "$bench" $cmd
done
grep -q "srun -n 1" "$work/refused.err" || { echo "FAIL: hunt's refusal:"; cat "$work/refused.err"; exit 1; }
# A 2-rank report resumed by one process: refused, the numbers right.
expect_refused "a 2-rank report resumed by one process" 2 "2 ranks against 1 process" \
  "$bench" "${common[@]}" --resume "$work/ranks2.json" --json "$work/resumed.json" "${files[@]}"
# The default thread counts: the CPUs this process may run on.
for how in "taskset -c 0" "env SLURM_CPUS_PER_TASK=1"; do
  $how "$bench" run --repetitions 1 --warmup-seconds 0 --min-time 0 --no-progress --json "$work/threads.json" \
    "$data/top95.txt" >/dev/null
  "$python" -c 'import json, sys; t = sorted({p["threads"] for p in json.load(open(sys.argv[1]))["runs"]}); sys.exit(t != [1])' \
    "$work/threads.json" || { echo "FAIL: default threads under $how"; exit 1; }
done
echo "mpi: interrupts reach every rank; srun without PMI refused; threads from the affinity"

# A rank given a file it cannot read (MPMD: rank 1 alone gets it) fails the run, naming the rank.
expect_refused "an unreadable file on rank 1" nonzero "rank 1 (.*missing.txt" \
  "$mpiexec" -n 1 "$bench" "${common[@]}" "$data/top95.txt" : -n 1 "$bench" "${common[@]}" "$work/missing.txt"
# Ranks started with different inputs: refused before measuring, both named, no report.
expect_refused "ranks with different inputs" nonzero "rank 1 reads .*top91.txt where rank 0 reads .*top95.txt" \
  "$mpiexec" -n 1 "$bench" "${common[@]}" "$data/top95.txt" : -n 1 "$bench" "${common[@]}" "$data/top91.txt"
expect_refused "solve under mpirun -n 2" nonzero "only run is spread over MPI ranks" "$mpiexec" -n 2 "$bench" solve "$data/top95.txt"
# A plugin that crashes on a record of one rank's shard (wrong_plugins.cc, "poison": a first row
# 987654321): every rank stops, the rank, the plugin, the signal and the record named.
{ head -n 50 "$data/top95.txt"; echo "987654321........................................................................"; } \
  >"$work/poisoned.txt"
expect_refused "a plugin crashing on a rank" nonzero "rank [01] (.*segfaults_on_poison crashed with SIGSEGV.*poisoned.txt:51)" \
  "$mpiexec" -n 2 "$bench" "${common[@]}" --solver "plugin:$plugins:segfaults_on_poison" "$data/top95.txt" \
  "$work/poisoned.txt"
echo "mpi: failures named and refused"
