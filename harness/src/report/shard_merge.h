// `merge` of the reports of run --shard K/N: one report, as if one process had measured the whole
// input (counts and distributions exact; throughput the sum of the shards', marked "shards").
// And what every merge checks first: that no measured pass is given twice.
#pragma once

#include <string>
#include <vector>

#include "report/report.h"

namespace sudoku_bench {

// Whether any input is a shard report (settings.shard).
bool any_shard(const std::vector<Report>& inputs);

// `names[i]` names inputs[i] in messages ("input I" where it has no name). Why the inputs hold one
// measured pass twice, naming both files and the pass; "" when they do not. A pass is the same
// measurement as another when both name the same run (runs[].run_id; a pass merged from shards
// names each shard's) and the same place in its order (sequence), file, solver and threads; or
// when both have the same file, solver and threads and exactly the same figures: wall and CPU
// seconds, counts, mean and standard deviation of latency, pipeline seconds and context switches
// (how a copy is told in reports before schema /6, which have no run ids; only for passes of 1 ms
// or more with a mean latency or pipeline seconds, whose figures do not repeat by chance).
std::string repeated_pass(const std::vector<Report>& inputs, const std::vector<std::string>& names);

// `names[i]` names inputs[i] in messages. Every shard 1..N exactly once, of one build, with the
// same settings and passes, no pass given twice (repeated_pass), counts that add up within 2^64 - 1;
// their contexts' machines become the merged context's ranks. Returns "" or what is wrong, naming
// the inputs.
std::string merge_shards(const std::vector<Report>& inputs, const std::vector<std::string>& names, Report& merged);

// Of shards merge_shards accepted (as many passes each). Shards given --min-time read their
// shares as often as each needed: where two shards of one pass read theirs a different number of
// times, what to warn (the merged distributions weigh each shard's puzzles by its readings, unlike
// one process's); "" where every shard read as often.
std::string unequal_readings(const std::vector<Report>& shards, const std::vector<std::string>& names);

}  // namespace sudoku_bench
