#!/usr/bin/python3
"""The scaling model of MPI ranks (docs/cluster.md, "What a rank costs"), from measured inputs.

Job time of one measured pass of one reading (--min-time 0: no reading repeated to hide fixed
costs; and with the default --min-time 0.5, the readings dealt on one after another), W records
over P ranks of T threads:

  work   = W t / (P T)                      t: one thread's time per record (measured, fast)
  J(P)   = fingerprint + pass_fixed         each rank, in parallel, once
         + work
         + skew + tail                      the ranks start together within a poll period and the
                                            last deals are single chunks, answered within one
         + gather(P)                        rank 0: P rows (parsed, combined) + the buckets summed
                                            along a tree of log2 P levels
  E(P)   = work / J(P);  imbalance = (work + skew + tail) / work

A reading lasts at least the time rank 0 takes to answer its requests for chunks one after another
(deals a reading, as ChunkDispenser hands them out, times the deal plus an assumed message cost):
where that is longer than a rank's work, the ranks wait for rank 0.

Measured here (cluster_benchmark.json, fast_big250_*.json): fingerprint, pass_fixed, row, combine,
deal, t. Assumed, not measurable on one 2-vCPU machine (named in the output): the network's latency
per message and per tree level (alpha) and bandwidth (beta), and rank 0's cost to answer a request
(serve). Fixed by the code: rank 0 looks for
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
SERVE = 1e-6        # assumed: rank 0's time to receive a request for chunks and send the deal


def medians(path):
    out = {}
    for b in json.load(open(path))["benchmarks"]:
        if b.get("aggregate_name") == "median":
            out[b["run_name"]] = b
    return out


def seconds(b):
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b["time_unit"]]
    return b["real_time"] * scale


def deals_per_reading(chunks, ranks):
    """What ChunkDispenser hands out in one reading: max(1, left / 2P) chunks at a time."""
    left, deals = chunks, 0
    while left > 0:
        left -= max(1, left // (2 * ranks))
        deals += 1
    return deals


def model(inputs, records, ranks, threads, alpha=ALPHA, min_time=0.0):
    t = inputs["t"]
    chunk = min(max(records * RECORD_BYTES / (256 * ranks), 1024), 256 * 1024)
    # Rank 0 answers every request for chunks, one after another: a reading lasts at least that.
    deals = deals_per_reading(math.ceil(records * RECORD_BYTES / chunk), ranks)
    serve = deals * (inputs["deal"] + SERVE)
    per_reading = max(records * t / (ranks * threads), serve)
    # Under --min-time the ranks read the file again, dealt on without a pause between readings
    # (ChunkDispenser), until min_time has passed: the fixed costs, the tail and the gather come
    # once a pass.
    readings = max(1, math.ceil(min_time / per_reading))
    work = readings * records * t / (ranks * threads)
    tail = (chunk / RECORD_BYTES) * t + POLL + 2 * alpha
    skew = POLL + alpha * math.log2(max(ranks, 2))
    levels = math.log2(max(ranks, 2))
    gather = ranks * (inputs["row"] + inputs["combine_per_rank"] + ROW_BYTES / BETA) + levels * (alpha + DENSE_BYTES / BETA)
    job = inputs["fingerprint"] + inputs["pass_fixed"] + readings * per_reading + skew + tail + gather
    return {"ranks": ranks, "threads": threads, "records": records, "min_time_s": min_time, "readings": readings,
            "deals_per_reading": deals, "serve_s": serve, "work_s": work, "gather_s": gather,
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
    default = [model(inputs, w, p, th, min_time=0.5) for w in (100_000, 10_000_000) for th in (1, 16) for p in (64, 1024)]
    check = model(inputs, two[0]["puzzles"], 2, 1)
    measured_imbalance = statistics.median(p["imbalance"] for p in two)
    measured_efficiency = statistics.median(p["puzzles_per_second"] for p in two) / (2 * statistics.median(p["puzzles_per_second"] for p in one))
    json.dump({"inputs": inputs, "assumed": {"alpha_s": ALPHA, "beta_bytes_per_s": BETA, "serve_s": SERVE}, "projections": rows,
               "projections_alpha_20us": slow, "projections_default_min_time": default,
               "check_2_ranks": {"model": check, "measured_imbalance": measured_imbalance,
                                 "measured_efficiency": measured_efficiency}},
              open(f"{where}/model.json", "w"), indent=1)
    print("| records | threads a rank | ranks | work a rank | gather at rank 0 | imbalance | efficiency |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['records']:,} | {r['threads']} | {r['ranks']} | {r['work_s'] * 1e3:.2f} ms | {r['gather_s'] * 1e3:.3f} ms "
              f"| {r['imbalance']:.4f} | **{r['efficiency']:.3f}** |")
    print()
    print("default --min-time 0.5:", ", ".join(f"{r['records']:,} {r['threads']}t x {r['ranks']}: {r['readings']} readings, "
                                               f"{r['efficiency']:.3f}" for r in default))
    print("alpha = 20 us (TCP):", ", ".join(f"{r['threads']}t x {r['ranks']}: {r['efficiency']:.3f}" for r in slow))
    print(f"inputs: " + ", ".join(f"{k} {v * 1e6:.3g} us" for k, v in inputs.items()))
    print(f"check, 2 ranks on big250: model imbalance {check['imbalance']:.5f}, efficiency {check['efficiency']:.4f}; "
          f"measured imbalance {measured_imbalance:.4f}, efficiency {measured_efficiency:.3f}")


main()
