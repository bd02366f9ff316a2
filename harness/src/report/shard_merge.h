// `merge` of the reports of run --shard K/N: one report, as if one process had measured the whole
// input (counts and distributions exact; throughput the sum of the shards', marked "shards").
#pragma once

#include <string>
#include <vector>

#include "report/report.h"

namespace sudoku_bench {

// Whether any input is a shard report (settings.shard).
bool any_shard(const std::vector<Report>& inputs);

// `names[i]` names inputs[i] in messages. Every shard 1..N exactly once, of one build, with the
// same settings and passes; their contexts' machines become the merged context's ranks. Returns
// "" or what is wrong, naming the inputs.
std::string merge_shards(const std::vector<Report>& inputs, const std::vector<std::string>& names, Report& merged);

}  // namespace sudoku_bench
