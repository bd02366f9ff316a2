// The chunks of one measured pass of MPI ranks, handed out as the ranks free up: rank 0 deals
// (stream/chunk_deal.h, ChunkDispenser) and every rank's pipeline asks for its next deal before it
// needs it. The pass runs on a thread of its own while the main thread, the only one that calls MPI
// (cluster/world.h), passes deals and interrupts between ranks: an interrupt on any rank (SIGINT,
// SIGTERM, scancel) is one on every rank within milliseconds, and a rank that fails stops the
// dealing so that the others soon finish.
#pragma once

#include <functional>
#include <string>

#include "cluster/world.h"
#include "stream/chunk_deal.h"

namespace sudoku_bench {

// Runs `measure` on its own thread with this rank's dealer, dealing or asking meanwhile; returns
// once the pass is over on this rank and rank 0 has told it that no more chunks come. `measure`
// returns "" or this rank's error (which stops the dealing). Every rank calls it together.
// `dealing_cpu_seconds`: the CPU the calling thread spent meanwhile (passing deals, waiting).
std::string measure_dealt(World& world, const std::function<std::string(ChunkDealer&)>& measure,
                          double& dealing_cpu_seconds);

}  // namespace sudoku_bench
