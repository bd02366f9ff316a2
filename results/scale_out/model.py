#!/usr/bin/python3
"""The scaling model of MPI ranks (docs/cluster.md, "What a rank costs"), from measured inputs.

Job time of one measured pass of one reading (--min-time 0: no reading repeated to hide fixed
costs), W records over P ranks of T threads:

  work   = W t / (P T)                      t: one thread's time per record (measured, fast)
  J(P)   = fingerprint + pass_fixed         each rank, in parallel, once
         + work
         + skew + tail                      the ranks start together within a poll period and the
                                            last deals are single chunks, answered within one
         + gather(P)                        rank 0: P rows (parsed, combined) + the buckets summed
                                            along a tree of log2 P levels
  E(P)   = work / J(P);  imbalance = (work + skew + tail) / work

Measured here (cluster_benchmark.json, fast_big250_*.json): fingerprint, pass_fixed, row, combine,
deal, t. Assumed, not measurable on one 2-vCPU machine (named in the output): the network's latency
per message and per tree level (alpha) and bandwidth (beta). Fixed by the code: rank 0 looks for
requests every 50 us at most; chunks are file_bytes / (256 P), 1 to 256 KiB.

Usage: model.py [DIR]   (DIR: where the inputs are; prints markdown, writes DIR/model.json)
"""
import json
import math
import statistics
import sys

ALPHA = 2e-6        # assumed: seconds per message or tree level (InfiniBand-class; 20e-6 for TCP)
BETA = 10e9         # assumed: bytes per second between nodes
POLL = 50e-6        # rank_dealing.cc: rank 0's longest pause while ranks may ask
RECORD_BYTES = 82   # a 9x9 line
DENSE_BYTES = 3 * 12 * 1024 * 8  # three distributions of ~12 histogram blocks of 1024 slots
ROW_BYTES = 46 * 8


def medians(path):
    out = {}
    for b in json.load(open(path))["benchmarks"]:
        if b.get("aggregate_name") == "median":
            out[b["run_name"]] = b
    return out


def seconds(b):
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b["time_unit"]]
    return b["real_time"] * scale


def model(inputs, records, ranks, threads, alpha=ALPHA):
    t = inputs["t"]
    work = records * t / (ranks * threads)
    chunk = min(max(records * RECORD_BYTES / (256 * ranks), 1024), 256 * 1024)
    tail = (chunk / RECORD_BYTES) * t + POLL + 2 * alpha
    skew = POLL + alpha * math.log2(max(ranks, 2))
    levels = math.log2(max(ranks, 2))
    gather = ranks * (inputs["row"] + inputs["combine_per_rank"] + ROW_BYTES / BETA) + levels * (alpha + DENSE_BYTES / BETA)
    job = inputs["fingerprint"] + inputs["pass_fixed"] + work + skew + tail + gather
    return {"ranks": ranks, "threads": threads, "records": records, "work_s": work, "gather_s": gather,
            "imbalance": (work + skew + tail) / work, "efficiency": work / job}


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
        "deal": 1 / b["BM_DealReading/1024"]["per_deal"] if b["BM_DealReading/1024"]["per_deal"] > 1 else b["BM_DealReading/1024"]["per_deal"],
        "t": statistics.median(p["wall_seconds"] / p["puzzles"] for p in one),
    }
    rows = [model(inputs, w, p, th) for w in (100_000, 10_000_000) for th in (1, 16) for p in (64, 1024)]
    slow = [model(inputs, 10_000_000, p, th, alpha=20e-6) for th in (1, 16) for p in (64, 1024)]
    check = model(inputs, two[0]["puzzles"], 2, 1)
    measured_imbalance = statistics.median(p["imbalance"] for p in two)
    measured_efficiency = statistics.median(p["puzzles_per_second"] for p in two) / (2 * statistics.median(p["puzzles_per_second"] for p in one))
    json.dump({"inputs": inputs, "assumed": {"alpha_s": ALPHA, "beta_bytes_per_s": BETA}, "projections": rows,
               "projections_alpha_20us": slow,
               "check_2_ranks": {"model": check, "measured_imbalance": measured_imbalance,
                                 "measured_efficiency": measured_efficiency}},
              open(f"{where}/model.json", "w"), indent=1)
    print("| records | threads a rank | ranks | work a rank | gather at rank 0 | imbalance | efficiency |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['records']:,} | {r['threads']} | {r['ranks']} | {r['work_s'] * 1e3:.2f} ms | {r['gather_s'] * 1e3:.3f} ms "
              f"| {r['imbalance']:.4f} | **{r['efficiency']:.3f}** |")
    print()
    print("alpha = 20 us (TCP):", ", ".join(f"{r['threads']}t x {r['ranks']}: {r['efficiency']:.3f}" for r in slow))
    print(f"inputs: " + ", ".join(f"{k} {v * 1e6:.3g} us" for k, v in inputs.items()))
    print(f"check, 2 ranks on big250: model imbalance {check['imbalance']:.5f}, efficiency {check['efficiency']:.4f}; "
          f"measured imbalance {measured_imbalance:.4f}, efficiency {measured_efficiency:.3f}")


main()
