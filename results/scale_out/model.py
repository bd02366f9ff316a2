#!/usr/bin/python3
"""The scaling model of MPI ranks (docs/cluster.md, "What a rank costs"), from measured inputs.

Job time of one measured pass of one reading (--min-time 0: no reading repeated to hide fixed
costs; and with the default --min-time 0.5, the readings dealt on one after another), W records
over P ranks of T threads:

  work   = W t / (P T)                      t: one thread's time per record (measured, fast)
  J(P)   = fingerprint + pass_fixed         each rank, in parallel, once
         + readings x reading
         + skew + tail                      the ranks leave the starting barrier within its first
                                            sleeps (2 x 50 us) and the last deals are single chunks,
                                            each taken one deal latency ahead
         + 2 x gather(P)                    rank 0: P rows (parsed, combined) + the buckets summed
                                            along a tree of log2 P levels; every wait tests and
                                            sleeps, doubling, so it ends up to twice as late
  reading = max(work + waits, D c)          D deals a reading (guided, as RankDeals cuts it), each
                                            one fetch_add on rank 0's window: c, the counter's time
                                            per operation under contention, bounds a reading from
                                            below; waits: a rank asks for its next deal as it takes
                                            one, so it waits max(0, L - that deal's work) for each,
                                            L a deal's latency end to end
  E(P)   = work / J(P);  imbalance = (work + skew + tail) / work

No rank serves deals (one-sided MPI atomics): the deciding input is L, a deal's latency, against the
work of the single-chunk deals at the end of each reading (and D c against a reading's work).
Measured here (deal_benchmark/*.json: bench/deal_benchmark at 2, 4, 8 and 16 ranks oversubscribed
on this 2-vCPU machine, with Open MPI's defaults (shared memory: osc/rdma over vader) and with
OMPI_MCA_btl=self,tcp OMPI_MCA_pml=ob1 (the window then in shared memory still: osc/sm)):
  L   = BM_DealPass's time per deal as each rank's reader saw it (MPI_Fetch_and_op +
        MPI_Win_flush, taken by the reader itself), plus a round trip between nodes (2 alpha,
        assumed); taken at 2 ranks (one a vCPU) and, to show its reach, at 16
  c   = BM_FetchAdd's time per operation at each rank, over the ranks operating on the counter at
        once (an upper bound of the counter's own time per operation)
Also measured (cluster_benchmark.json, fast_big250_*.json): fingerprint, pass_fixed, row, combine, t.
Assumed, not measurable on one machine (named in the output): between nodes, a message or tree
level costs alpha and a byte 1/beta; a deal between nodes with remote atomics in the network
(InfiniBand, RoCE, Slingshot: osc/rdma or osc/ucx) costs L_shm + 2 alpha.

Usage: model.py [DIR]   (DIR: where the inputs are; prints markdown, writes DIR/model.json)
"""
import json
import math
import statistics
import sys

ALPHA = 2e-6        # assumed: seconds per message or tree level between nodes (InfiniBand-class)
BETA = 10e9         # assumed: bytes per second between nodes
FIRST_SLEEP = 50e-6  # world_mpi.cc, rank_dealing.cc: a wait's first sleep, doubled after each test
RECORD_BYTES = 82   # a 9x9 line
DENSE_BYTES = 3 * 12 * 1024 * 8  # three distributions of ~12 histogram blocks of 1024 slots
ROW_BYTES = 47 * 8
RANKS = (2, 4, 8, 16)


def medians(path):
    out = {}
    for b in json.load(open(path))["benchmarks"]:
        if b.get("aggregate_name") == "median":
            out[b["run_name"]] = b
    return out


def runs(path):
    """Every run of a benchmark (no aggregates), by name."""
    out = {}
    for b in json.load(open(path))["benchmarks"]:
        if b.get("run_type", "iteration") == "iteration":
            out.setdefault(b["run_name"], []).append(b)
    return out


def seconds(b):
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b["time_unit"]]
    return b["real_time"] * scale


def guided_deals(chunks, ranks):
    """The deals of one reading as RankDeals::guided_bounds cuts it: max(1, left / 2P) chunks each."""
    sizes, left = [], chunks
    while left > 0:
        take = max(1, left // (2 * ranks))
        sizes.append(take)
        left -= take
    return sizes


def deal_figures(where, transport):
    """Per rank count: the median over repetitions of each rank's mean time per deal (BM_DealPass)
    and per counter operation (BM_FetchAdd), and the slowest rank's with rank 0 asleep."""
    figures = {}
    for n in RANKS:
        r = runs(f"{where}/deal_benchmark/{transport}-{n}.json")
        pick = lambda name, key: statistics.median(b[key] for b in r[name])
        figures[n] = {"deal_us": pick("BM_DealPass/iterations:20/real_time", "mean_us"),
                      "fetch_add_us": pick("BM_FetchAdd/iterations:20000/real_time", "mean_us"),
                      "fetch_add_rank0_asleep_us": pick("BM_FetchAddRank0Asleep/iterations:500/real_time", "max_us")}
    return figures


def deal_case(figures, n):
    """L and c as measured at n ranks (c: a rank's time per operation over the ranks operating at
    once), a deal between nodes adding a round trip (2 alpha, assumed)."""
    f = figures[n]
    return {"L": f["deal_us"] * 1e-6 + 2 * ALPHA, "c": f["fetch_add_us"] * 1e-6 / n}


def model(inputs, deal, records, ranks, threads, min_time=0.0):
    t = inputs["t"]
    chunk = min(max(records * RECORD_BYTES / (256 * ranks), 1024), 256 * 1024)
    chunk_work = (chunk / RECORD_BYTES) * t / threads
    sizes = guided_deals(math.ceil(records * RECORD_BYTES / chunk), ranks)
    work_reading = records * t / (ranks * threads)
    # Each rank holds one deal ahead: it waits for the next as long as the latency exceeds the
    # work of the deal it holds; spread over the ranks.
    waits = sum(max(0.0, deal["L"] - s * chunk_work) for s in sizes) / ranks
    counter = len(sizes) * deal["c"]
    per_reading = max(work_reading + waits, counter)
    readings = max(1, math.ceil(min_time / per_reading))
    work = readings * work_reading
    tail = chunk_work + deal["L"]
    skew = 2 * FIRST_SLEEP + inputs["alpha"] * math.log2(max(ranks, 2))
    levels = math.log2(max(ranks, 2))
    gather = ranks * (inputs["row"] + inputs["combine_per_rank"] + ROW_BYTES / BETA) + levels * (inputs["alpha"] + DENSE_BYTES / BETA)
    job = inputs["fingerprint"] + inputs["pass_fixed"] + readings * per_reading + skew + tail + 2 * gather
    bound = "work" if per_reading == work_reading else ("deal latency" if per_reading == work_reading + waits else "the counter")
    return {"ranks": ranks, "threads": threads, "records": records, "min_time_s": min_time, "readings": readings,
            "deals_per_reading": len(sizes), "deal_latency_s": deal["L"], "waits_s": waits, "counter_s": counter,
            "work_s": work, "gather_s": gather, "reading_bound_by": bound,
            "imbalance": (work + readings * waits + skew + tail) / work, "efficiency": work / job}


def main():
    where = sys.argv[1] if len(sys.argv) > 1 else "."
    b = medians(f"{where}/cluster_benchmark.json")
    one = json.load(open(f"{where}/fast_big250_1rank.json"))["runs"]
    two = json.load(open(f"{where}/fast_big250_2ranks.json"))["runs"]
    inputs = {
        "fingerprint": seconds(b["BM_SampleFingerprint"]),
        "pass_fixed": seconds(b["BM_ShardPass/1048576/real_time"]),
        "row": seconds(b["BM_RankPassReceived/0"]),
        "combine_per_rank": seconds(b["BM_RankPassesCombined/1024/0"]) / 1024,
        "t": statistics.median(p["wall_seconds"] / p["puzzles"] for p in one),
        "alpha": ALPHA,
    }
    shm, tcp = deal_figures(where, "shm"), deal_figures(where, "tcp")
    # The deciding input, a deal's latency end to end: as measured at 2 ranks (one a vCPU, as a
    # rank a node would be), and the worst the oversubscribed runs gave (16 ranks of 2 threads on 2
    # vCPUs: each deal waits for a CPU), to show how much it may move.
    cases = {"shm, 2 ranks (Open MPI's defaults: osc/rdma over vader)": deal_case(shm, 2),
             "btl self,tcp, 2 ranks (the window in shared memory: osc/sm)": deal_case(tcp, 2),
             "shm, 16 ranks oversubscribed (the worst measured)": deal_case(shm, 16)}
    table = {name: [model(inputs, d, w, p, th) for w in (100_000, 10_000_000) for th in (1, 16) for p in (64, 1024)]
             for name, d in cases.items()}
    default = {name: [model(inputs, d, w, p, th, min_time=0.5) for w in (100_000, 10_000_000) for th in (1, 16) for p in (64, 1024)]
               for name, d in cases.items()}
    check = model(inputs, cases[next(iter(cases))], two[0]["puzzles"], 2, 1)
    measured_imbalance = statistics.median(p["imbalance"] for p in two)
    measured_efficiency = statistics.median(p["puzzles_per_second"] for p in two) / (2 * statistics.median(p["puzzles_per_second"] for p in one))
    json.dump({"inputs": inputs, "deal_shm_by_ranks": shm, "deal_tcp_by_ranks": tcp, "cases": cases,
               "assumed": {"alpha_s": ALPHA, "beta_bytes_per_s": BETA},
               "projections": table, "projections_default_min_time": default,
               "check_2_ranks": {"model": check, "measured_imbalance": measured_imbalance,
                                 "measured_efficiency": measured_efficiency}},
              open(f"{where}/model.json", "w"), indent=1)
    for name, rows in table.items():
        print(f"{name}: L = {cases[name]['L'] * 1e6:.1f} us a deal, c = {cases[name]['c'] * 1e9:.0f} ns an operation")
        print()
        print("| records | threads a rank | ranks | work a rank | deals a reading | waits for deals a rank | gather at rank 0 | bound by | efficiency |")
        print("|---|---|---|---|---|---|---|---|---|")
        for r in rows:
            print(f"| {r['records']:,} | {r['threads']} | {r['ranks']} | {r['work_s'] * 1e3:.2f} ms | {r['deals_per_reading']:,} "
                  f"| {r['waits_s'] * 1e3:.3f} ms | {r['gather_s'] * 1e3:.3f} ms | {r['reading_bound_by']} | **{r['efficiency']:.3f}** |")
        print()
        print("default --min-time 0.5:", ", ".join(f"{r['records']:,} {r['threads']}t x {r['ranks']}: {r['readings']} readings, "
                                                   f"{r['efficiency']:.3f}" for r in default[name]))
        print()
    for name, figures in (("shm", shm), ("btl self,tcp", tcp)):
        print(f"{name}: " + "; ".join(f"{n} ranks: a deal {f['deal_us']:.1f} us, an operation {f['fetch_add_us']:.2f} us, "
                                      f"rank 0 asleep {f['fetch_add_rank0_asleep_us']:.1f} us" for n, f in figures.items()))
    print("inputs: " + ", ".join(f"{k} {v * 1e6:.3g} us" for k, v in inputs.items()))
    print(f"check, 2 ranks on big250 (shm): model imbalance {check['imbalance']:.5f}, efficiency {check['efficiency']:.4f}; "
          f"measured imbalance {measured_imbalance:.4f}, efficiency {measured_efficiency:.3f}")


main()
