// `run` as MPI ranks (cluster/world.h): every rank measures its shard of each pass, started
// together; rank 0 receives every rank's pass and makes the one pass of the whole input
// (report/pass_parts.h), its throughput that of the slowest rank. A rank that fails makes every
// rank stop at the same point, and rank 0 names it.
#pragma once

#include <atomic>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "cluster/world.h"
#include "report/context.h"
#include "report/report.h"
#include "run/pass_measuring.h"

namespace sudoku_bench {

class RankPasses final : public PassMeasuring {
 public:
  RankPasses(World& world, std::FILE* err) : world_(world), err_(err) {}

  bool split() const override { return true; }
  bool leader() const override { return world_.rank() == 0; }
  int ranks() const override { return world_.size(); }
  // Rank R of P measures shard R+1 of P.
  Settings::Shard shard(Settings::Shard) const override { return {world_.rank() + 1, world_.size()}; }
  // Every rank's machine, in rank order, at rank 0 (empty elsewhere). Every rank calls it once, first.
  std::vector<Context::Machine> machines(const Context::Machine& mine) override;
  int agree(int status) override { return agree_exit(status); }
  // Ranks given one path may still read different files (a node's own copy): each measures a shard
  // of what it reads, so every rank must read the same bytes under each path.
  int open_inputs(const std::vector<std::string>& files, std::map<std::string, FileIdentity>& identities) override;
  Measured measure(const std::function<MeasuredPass(ChunkDealer*)>& measure_share, const std::atomic<bool>& interrupted,
                   MeasuredPass& pass, std::optional<plugin::SolverFault>& fault,
                   std::optional<IoError>& input_error) override;
  bool halted(const std::atomic<bool>&) const override { return stopped_; }

  // `error` is this rank's ("" when fine). False on every rank when any rank had one; rank 0
  // prints each as "sudoku-bench run: rank R (HOST): ERROR".
  bool all_fine(const std::string& error);

  // One measured pass, on every rank: started together (a barrier), `measure_share` measures
  // this rank's shard; its IoError or solver fault ends the pass on this rank. At rank 0 `pass`
  // becomes the pass of every rank together. True while every rank goes on; false on every rank
  // when one failed (named, as above) or was interrupted.
  bool measure_together(const std::function<MeasuredPass(ChunkDealer*)>& measure_share,
                        const std::atomic<bool>& interrupted, MeasuredPass& pass);

  // Rank 0's exit status, on every rank.
  int agree_exit(int status) { return world_.broadcast(status); }

 private:
  // After a pass: this rank's pass, or the error that ended it, and whether an interrupt cut it short.
  bool finish_pass(const std::string& error, bool interrupted, MeasuredPass& pass);
  // At rank 0, "" when every rank reads the same bytes under each input path; otherwise which do not.
  std::string differing_inputs(const std::vector<std::string>& files);

  World& world_;
  std::FILE* err_;
  std::vector<std::string> hosts_;  // rank 0's list of every rank's host
  bool failed_ = false;
  bool stopped_ = false;  // the ranks agreed to measure no further
};

}  // namespace sudoku_bench
