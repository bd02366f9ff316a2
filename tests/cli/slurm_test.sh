#!/usr/bin/env bash
# run under a real Slurm (Debian's slurm-wlm and munge), started here, privately: munged, slurmctld
# and two slurmd on localhost (nodes n1 and n2, 2 CPUs each), their files, sockets and ports in a
# temporary directory, stopped at the end. Checks: srun --mpi=pmix -n 4 writes one report whose
# counts are one process's; an array of 2 with --shard auto, merged, counts the same; scancel
# --signal=TERM interrupts every rank, the report written at once (0.2 s); --resume after it
# measures the rest, the counts then those of an uninterrupted run; srun -n 2 without PMI is refused
# (exit 2, saying how to launch), its advice pasted into srun -n 2 --mpi=none measures two shards, and
# ab is refused there; the threads default to --cpus-per-task. Skipped (77) where the
# packages are not installed (tools/install-deps installs them) or Slurm cannot start, named.
# Usage: slurm_test.sh SUDOKU_BENCH DATASETS_DIR PYTHON
set -euo pipefail
bench=$(realpath "$1") data=$(realpath "$2") python=$3
for tool in munged munge slurmctld slurmd srun sbatch scancel scontrol sinfo; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool not found (Debian's slurm-wlm and munge: tools/install-deps)"; exit 77; }
done
work=$(mktemp -d /tmp/sbslurm.XXXXXX)
chmod 700 "$work"
stop_slurm() {
  SLURM_CONF=$work/slurm.conf scontrol shutdown >/dev/null 2>&1 || true
  for pidfile in "$work"/slurmd-*.pid "$work"/slurmctld.pid "$work"/munged.pid; do
    [[ -f $pidfile ]] && kill "$(cat "$pidfile")" 2>/dev/null || true
  done
  sleep 0.5
  rm -rf "$work"
}
trap stop_slurm EXIT
cd "$work"
# Open MPI's shared-memory transport crashed under srun on one node in the issue's trials: TCP only.
export OMPI_MCA_btl=self,tcp OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export SLURM_CONF=$work/slurm.conf
if [[ -n "${ASAN_OPTIONS:-}" ]]; then export ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0"; fi

head -c 1024 /dev/urandom >munge.key
chmod 400 munge.key
munged --key-file="$work/munge.key" --socket="$work/munge.sock" --pid-file="$work/munged.pid" \
  --log-file="$work/munged.log" --seed-file="$work/munge.seed" --force
read -r ctld_port node1_port node2_port < <("$python" -c '
import socket
ss = [socket.socket() for _ in range(3)]
for s in ss: s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in ss))')
mkdir -p state spool/n1 spool/n2
cat >slurm.conf <<CONF
ClusterName=sbtest
SlurmctldHost=localhost
SlurmctldPort=$ctld_port
AuthType=auth/munge
AuthInfo=socket=$work/munge.sock
CredType=cred/munge
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool/%n
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd-%n.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
SchedulerType=sched/builtin
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
KillWait=5
NodeName=n1 NodeHostname=localhost NodeAddr=127.0.0.1 Port=$node1_port CPUs=2
NodeName=n2 NodeHostname=localhost NodeAddr=127.0.0.1 Port=$node2_port CPUs=2
PartitionName=debug Nodes=n1,n2 Default=YES MaxTime=INFINITE State=UP
CONF
# Two slurmd on one host: PMIx's client directories must differ, so each reads its own copy of the
# configuration beside its own mpi.conf.
for n in n1 n2; do
  mkdir -p "$n/pmix"
  cp slurm.conf "$n/slurm.conf"
  echo "PMIxCliTmpDirBase=$work/$n/pmix" >"$n/mpi.conf"
done
cp n1/mpi.conf mpi.conf
slurmctld -f "$work/slurm.conf"
for n in n1 n2; do slurmd -N "$n" -f "$work/$n/slurm.conf"; done
for _ in $(seq 100); do
  [[ $(sinfo -h -o %T 2>/dev/null | grep -c idle) -ge 1 ]] && [[ $(sinfo -h -N -o %T 2>/dev/null | grep -c idle) -eq 2 ]] && break
  sleep 0.1
done
if [[ $(sinfo -h -N -o %T 2>/dev/null | grep -c idle) -ne 2 ]]; then
  echo "SKIP: the private Slurm did not start:"; sinfo -N 2>&1; tail -n 5 slurmctld.log slurmd-n*.log 2>/dev/null
  exit 77
fi

common=(run --solver bitmask --threads 1 --repetitions 1 --warmup-seconds 0 --min-time 0 --no-progress)
"$bench" "${common[@]}" --json one.json "$data/top95.txt" "$data/top1465.txt" >/dev/null 2>&1

# srun --mpi=pmix -n 4 over the two nodes: one report, four ranks, one process's counts.
srun --mpi=pmix -n 4 "$bench" "${common[@]}" --json pmix.json "$data/top95.txt" "$data/top1465.txt" >pmix.out 2>&1 ||
  { echo "FAIL: srun --mpi=pmix -n 4:"; cat pmix.out; exit 1; }
# An array of two tasks, each a shard (--shard auto), merged.
sbatch --wait --array=1-2 -o array-%a.out --wrap \
  "'$bench' ${common[*]} --shard auto --json shard-\$SLURM_ARRAY_TASK_ID.json '$data/top95.txt' '$data/top1465.txt'" >/dev/null ||
  { echo "FAIL: the array job:"; cat array-*.out; exit 1; }
"$bench" merge --json merged.json shard-1.json shard-2.json
"$python" - <<'PY'
import json, sys
one, pmix, merged = (json.load(open(f"{n}.json")) for n in ("one", "pmix", "merged"))
def fail(msg): print("FAIL:", msg); sys.exit(1)
for name, r, ranks in (("srun --mpi=pmix -n 4", pmix, 4), ("the array merged", merged, 2)):
    if len(r["runs"]) != len(one["runs"]): fail(f"{name}: {len(r['runs'])} passes")
    for a, b in zip(one["runs"], r["runs"]):
        if b["ranks"] != ranks or a["status"] != b["status"] or a["tree_size"]["buckets"] != b["tree_size"]["buckets"]:
            fail(f"{name} {a['dataset']}: ranks {b['ranks']}, {b['status']} against {a['status']}")
print("slurm: srun --mpi=pmix -n 4 and an array of shards merged count what one process does")
PY

# scancel --signal=TERM mid-run: every rank stops, the report written soon after (0.2 s on an idle
# machine; the bound, 3 s, leaves room for slurmctld and slurmd on a loaded one), the passes before
# kept; then --resume measures the rest.
long=(run --solver bitmask --threads 1 --repetitions 4 --warmup-seconds 0 --min-time 3 --no-progress)
srun --mpi=pmix -n 2 -J long "$bench" "${long[@]}" --json long.json "$data/top95.txt" >long.out 2>&1 &
for _ in $(seq 100); do [[ -n $(squeue -h -n long -o %i) ]] && break; sleep 0.1; done
sleep 8
signalled=$(date +%s.%N)
scancel --signal=TERM "$(squeue -h -n long -o %i)"
wait || true
sleep 1
left=$(pgrep -f -- "--json long.json" || true)
[[ -z $left ]] || { echo "FAIL: ranks left after scancel: $left"; exit 1; }
written=$(stat -c %.9Y long.json)
bound=3
srun --mpi=pmix -n 2 "$bench" "${long[@]}" --resume long.json --json long.json "$data/top95.txt" >resume.out 2>&1 ||
  { echo "FAIL: --resume:"; cat resume.out; exit 1; }
"$python" - "$signalled" "$written" "$bound" <<'PY'
import json, sys
signalled, written, bound = map(float, sys.argv[1:4])
r = json.load(open("long.json"))
def fail(msg): print("FAIL: scancel then --resume:", msg); print(open("long.out").read()); sys.exit(1)
if written - signalled > bound: fail(f"the report was written {written - signalled:.2f} s after scancel")
if len(r["runs"]) != 4 or not all(p["complete"] and p["ranks"] == 2 and p["puzzles"] % 95 == 0 for p in r["runs"]):
    fail(f"{[(p['complete'], p['puzzles']) for p in r['runs']]}")
if len({p["run_id"] for p in r["runs"]}) != 2: fail("the passes were not measured by two runs")
# Every pass, before the signal or after --resume, counts what an uninterrupted one does: top95
# is 95 puzzles of one solution each, and bitmask's trees the same in every reading.
per_reading = [{k: v // p["loops"] for k, v in p["status"].items() if v} for p in r["runs"]]
if any(c != per_reading[0] or c.get("unique") != 95 for c in per_reading): fail(f"counts per reading {per_reading}")
if len({json.dumps(p["tree_size"]["percentiles"]) for p in r["runs"]}) != 1: fail("tree sizes differ between passes")
print(f"slurm: scancel --signal=TERM: report in {written - signalled:.2f} s; --resume measured the rest")
PY

# srun -n 2 without PMI: refused, saying how.
set +e
srun -n 2 "$bench" "${common[@]}" "$data/top95.txt" >nopmi.out 2>&1
status=$?
set -e
if [[ $status -eq 0 ]] || ! grep -q "srun --mpi=pmix" nopmi.out; then echo "FAIL: srun without PMI: $status"; cat nopmi.out; exit 1; fi
# Its advice pasted into srun -n 2 --mpi=none (sudoku-bench and FILE... filled in): two shards, two
# reports, merged the counts of one process.
advice=$(grep -o "srun -n 2 bash -c '[^']*'" nopmi.out | head -n 1) || { echo "FAIL: no shard advice:"; cat nopmi.out; exit 1; }
pasted=${advice#srun -n 2 bash -c \'}
pasted=${pasted%\'}
pasted=${pasted/sudoku-bench run/\'$bench\' ${common[*]}}
pasted=${pasted/FILE.../\'$data/top95.txt\'}
srun -n 2 --mpi=none bash -c "$pasted" >pasted.out 2>&1 || { echo "FAIL: the advice pasted: $pasted"; cat pasted.out; exit 1; }
"$bench" merge --json pasted.json shard-0.json shard-1.json >/dev/null
"$bench" "${common[@]}" --json pasted-one.json "$data/top95.txt" >/dev/null 2>&1
"$python" - <<'PY'
import json, sys
shards = [json.load(open(f"shard-{t}.json"))["settings"]["shard"] for t in (0, 1)]
merged, one = (json.load(open(f))["runs"][0] for f in ("pasted.json", "pasted-one.json"))
if shards != [{"index": 1, "count": 2}, {"index": 2, "count": 2}]: sys.exit(f"FAIL: the tasks measured shards {shards}")
if merged["status"] != one["status"]: sys.exit(f"FAIL: the shards merged count {merged['status']}, one process {one['status']}")
print("slurm: the refusal's advice, pasted into srun -n 2 --mpi=none, measured shards 1/2 and 2/2")
PY
# ab gives one verdict: refused there too (exit 2), naming srun --mpi=pmix.
set +e
srun -n 2 --mpi=none "$bench" ab --rounds 2 bitmask fast "$data/top95.txt" >ab.out 2>&1
status=$?
set -e
if [[ $status -ne 2 ]] || ! grep -q "srun --mpi=pmix" ab.out; then echo "FAIL: ab in srun -n 2 without PMI: $status"; cat ab.out; exit 1; fi
# The default threads: --cpus-per-task (Slurm does not bind here: task/none).
srun -n 1 --cpus-per-task=1 "$bench" run --repetitions 1 --warmup-seconds 0 --min-time 0 --no-progress \
  --json cpus.json "$data/top95.txt" >/dev/null 2>&1
"$python" -c 'import json; t = sorted({p["threads"] for p in json.load(open("cpus.json"))["runs"]}); assert t == [1], t' ||
  { echo "FAIL: threads under --cpus-per-task=1"; exit 1; }
echo "slurm: srun without PMI refused; threads from --cpus-per-task"
