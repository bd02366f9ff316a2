#include "run/merge.h"

#include <algorithm>
#include <optional>
#include <set>

#include "report/report_json.h"
#include "report/report_merge.h"
#include "report/shard_merge.h"
#include "run/exit_codes.h"
#include "run/report_files.h"
#include "stream/output_file.h"
#include "sys/io_error.h"
#include "sys/message.h"

namespace sudoku_bench {

int merge_command(const MergeCommand& command, std::FILE* err) {
  // The output is checked before anything is read: its folder must exist, and it must not be an input.
  std::optional<OutputFile> out;
  try {
    out.emplace(command.json_path, "--json");
  } catch (const IoError& e) {
    Messages(err, "merge").error(e.what());
    return kExitIo;
  }
  if (const std::string conflict = output_conflicts({&*out}, command.inputs); !conflict.empty()) {
    Messages(err, "merge").error(conflict);
    return kExitUsage;
  }
  std::vector<Report> inputs;
  if (const int status = read_reports(command.inputs, inputs, "merge", err); status != kExitOk) return status;
  // Reports before schema /6 name no run: only a copy with identical figures can be caught.
  std::set<std::string> warned;
  for (std::size_t i = 0; i < inputs.size(); ++i)
    if (std::any_of(inputs[i].passes.begin(), inputs[i].passes.end(),
                    [](const MeasuredPass& p) { return p.id.run_id.empty(); }) &&
        warned.insert(command.inputs[i]).second)
      Messages(err, "merge")
          .warningf(
              "%s has passes without a run_id (written before sudoku-bench/6): a pass given twice is caught only when "
              "its figures are identical",
              command.inputs[i].c_str());
  Report merged;
  const std::string problem =
      any_shard(inputs) ? merge_shards(inputs, command.inputs, merged) : merge_reports(inputs, command.inputs, merged);
  if (!problem.empty()) {
    Messages(err, "merge").error(problem);
    return kExitUsage;
  }
  if (any_shard(inputs))
    if (const std::string uneven = unequal_readings(inputs, command.inputs); !uneven.empty())
      Messages(err, "merge").warning(uneven);
  // More repetitions per group, or parts combined anew: which stand apart is judged again.
  mark_outliers(merged.passes);
  try {
    out->write(json_text(to_json(merged)));
    out->commit();
  } catch (const IoError& e) {
    Messages(err, "merge").error(e.what());
    return kExitIo;
  }
  return kExitOk;
}

}  // namespace sudoku_bench
