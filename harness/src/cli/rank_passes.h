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

namespace sudoku_bench {

class RankPasses {
 public:
  RankPasses(World& world, std::FILE* err) : world_(world), err_(err) {}

  bool active() const { return world_.size() > 1; }
  bool leader() const { return world_.rank() == 0; }

  // Every rank's machine, in rank order, at rank 0 (empty elsewhere). Every rank calls it once, first.
  std::vector<Context::Machine> machines(const Context::Machine& mine);

  // `error` is this rank's ("" when fine). False on every rank when any rank had one; rank 0
  // prints each as "sudoku-bench run: rank R (HOST): ERROR".
  bool all_fine(const std::string& error);

  // One measured pass, on every rank: started together (a barrier), `measure_share` measures
  // this rank's shard; its IoError ends the pass on this rank. At rank 0 `pass` becomes the pass
  // of every rank together. True while every rank goes on; false on every rank when one failed
  // (named, as above) or was interrupted.
  bool measure(const std::function<MeasuredPass()>& measure_share, const std::atomic<bool>& interrupted,
               MeasuredPass& pass);

  // Whether some rank failed (a finish_pass or all_fine returned false for an error).
  bool failed() const { return failed_; }

  // Rank 0's exit status, on every rank.
  int agree_exit(int status) { return world_.broadcast(status); }

 private:
  // After a pass: this rank's pass, or the error that ended it, and whether an interrupt cut it short.
  bool finish_pass(const std::string& error, bool interrupted, MeasuredPass& pass);

  World& world_;
  std::FILE* err_;
  std::vector<std::string> hosts_;  // rank 0's list of every rank's host
  bool failed_ = false;
};

}  // namespace sudoku_bench
