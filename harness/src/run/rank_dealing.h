// The chunks of one measured pass of MPI ranks, taken as the ranks free up from counters they share
// at rank 0 (stream/chunk_deal.h, RankDeals; cluster/rank_counters.h: one-sided atomics, no rank serving
// them): every rank's pipeline reader takes its next deal itself, one atomic operation (or, where MPI
// may be called only from the main thread, asks it for the deal ahead of need). The pass runs on a
// thread of its own while the main thread passes interrupts between ranks: an interrupt on any rank (SIGINT, SIGTERM,
// scancel) is one on every rank within 10 ms, and a rank that fails stops the dealing so that the others soon finish.
#pragma once

#include <functional>
#include <string>

#include "cluster/world.h"
#include "stream/chunk_deal.h"

namespace sudoku_bench {

// Runs `measure` on its own thread with this rank's dealer, taking deals meanwhile; returns once the
// pass is over on every rank (a barrier that sleeps). `measure` returns "" or this rank's error
// (which stops the dealing). Every rank calls it together. `dealing_cpu_seconds`: the CPU the
// calling thread spent meanwhile (the window made, looking for interrupts, handing deals where the
// reader cannot take them itself); `waiting_cpu_seconds`:
// the whole process's from the end of its own measuring to the end of every rank's.
std::string measure_dealt(World& world, const std::function<std::string(ChunkDealer&)>& measure,
                          double& dealing_cpu_seconds, double& waiting_cpu_seconds);

}  // namespace sudoku_bench
