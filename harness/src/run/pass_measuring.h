// How `run` measures its passes, chosen once: in this process, or as MPI ranks that each measure a
// shard of every pass and combine them at rank 0 (rank_passes.h). run_command reads the same
// either way; what differs is here.
#pragma once

#include <atomic>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "plugin/call_guard.h"
#include "report/context.h"
#include "report/report.h"
#include "stream/chunk_deal.h"
#include "stream/input.h"

namespace sudoku_bench {

class PassMeasuring {
 public:
  virtual ~PassMeasuring() = default;

  // Several processes share the work (MPI ranks).
  virtual bool split() const = 0;
  // This process prints and writes.
  virtual bool leader() const = 0;
  // The processes that measure each pass together: MPI ranks, else 1.
  virtual int ranks() const = 0;
  // The shard of each pass this process measures: `asked` (--shard) for one process.
  virtual Settings::Shard shard(Settings::Shard asked) const = 0;
  // Every process's machine, at the leader; empty for one process. Called once, first.
  virtual std::vector<Context::Machine> machines(const Context::Machine& mine) = 0;
  // The exit status every process returns: the leader's.
  virtual int agree(int status) = 0;
  // Notes every input that can be read twice as it is now; kExitOk, or the exit status of an input
  // that cannot be read (said on `err`) or, across ranks, one that is not the same file everywhere.
  virtual int open_inputs(const std::vector<std::string>& files, std::map<std::string, FileIdentity>& identities) = 0;

  // What became of one measured pass.
  enum class Measured {
    kept,       // `pass` is the pass (at the leader): report it; an interrupt may have cut it short
    elsewhere,  // measured, but the leader reports it
    lost,       // a solver fault or an input error ended it here: keep the passes before it
    failed,     // a rank failed: every rank stops now (said at the leader)
  };
  // Measures one pass with `measure_share` (this process's shard, or with a dealer where one hands
  // out its chunks: MPI ranks). A fault or input error that ends it is kept in `fault` or `input_error`.
  virtual Measured measure(const std::function<MeasuredPass(ChunkDealer*)>& measure_share,
                           const std::atomic<bool>& interrupted, MeasuredPass& pass,
                           std::optional<plugin::SolverFault>& fault, std::optional<IoError>& input_error) = 0;
  // Whether to measure no further: this process's interrupt, or for ranks what they agreed after
  // the last pass.
  virtual bool halted(const std::atomic<bool>& interrupted) const = 0;
};

// Notes every input that can be read twice as it is now (files read once are left for their one
// pass); throws IoError for one that cannot be read, before anything is measured.
void note_identities(const std::vector<std::string>& files, std::map<std::string, FileIdentity>& identities);

// Ranks when this process was started as one of several MPI ranks, else this process alone.
std::unique_ptr<PassMeasuring> pass_measuring(std::FILE* err);

}  // namespace sudoku_bench
