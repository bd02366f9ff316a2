// ab's measurer: one side's shard of every file measured, in this process or (tools/ab) by the
// other build's `run --shard`; and the CPU both sides are pinned to.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "run/ab.h"
#include "run/ab_sides.h"
#include "run/pass_link.h"
#include "stats/measured_pass.h"

namespace sudoku_bench {

// One CPU for both sides, so that they meet the same caches and clock; set before any thread
// starts. Sets `cpu` (-1: not pinned); the exit status, said on `err` when it is not kExitOk.
int pin_ab(const AbCommand& command, std::FILE* err, int& cpu);

class AbMeasurer {
 public:
  // `link`: the measuring child's way to its supervisor, told of each turn as it starts. Makes the
  // scratch folder another build's reports go through, and removes it when destroyed.
  AbMeasurer(const AbCommand& command, const AbSides& sides, const std::vector<std::string>& datasets, std::FILE* err,
             PassLink* link);
  AbMeasurer(const AbMeasurer&) = delete;
  AbMeasurer& operator=(const AbMeasurer&) = delete;
  ~AbMeasurer();

  // Shard `shard` of `shards` of every file, once, by side `s`: a pass per file. `round` 0: the
  // warm-up turn.
  std::vector<MeasuredPass> measure_shard(int s, int shard, int round);
  // Each record's outcome in shard `shard` of file `f`, by line, as side `s` answers it: the shard
  // solved again, outside any measurement.
  std::map<std::uint64_t, std::string> outcomes(int s, std::size_t f, int shard);

  // tools/ab: the commit of the other build, once it has measured; "" before.
  const std::string& other_context() const { return other_context_; }

 private:
  std::vector<MeasuredPass> measure_elsewhere(int s, int shard, int round);

  const AbCommand& c_;
  const AbSides& sides_;
  const std::vector<std::string>& datasets_;
  std::FILE* err_;
  PassLink* link_;
  std::string scratch_, other_context_;
};

}  // namespace sudoku_bench
