// `sudoku-bench merge --json OUT IN…`: one report from several runs of the same build, as an
// interleaved A/B measurement (tools/ab) makes them one repetition at a time, or a sweep over MPI
// ranks; or, when the inputs are shard reports (run --shard), the one report of the whole input
// (report/shard_merge.h).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace sudoku_bench {

struct MergeCommand {
  std::vector<std::string> inputs;
  std::string json_path;

  bool operator==(const MergeCommand&) const = default;
};

// Returns 0; 2 when OUT is also an input (checked before anything is read) or the inputs do not
// belong together (another build or machine, other settings, a pass given twice); 3 when one cannot
// be read, is not a report or holds a field out of range ("FILE: FIELD: why"), or OUT cannot be
// written (its folder missing: before anything is read). Nothing is written unless it succeeds. Warns when an input has
// no run ids (written before schema /6): a pass given twice is then caught only by its identical figures.
int merge_command(const MergeCommand& command, std::FILE* err);

}  // namespace sudoku_bench
