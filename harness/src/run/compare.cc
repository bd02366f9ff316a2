#include "run/compare.h"

#include <algorithm>

#include "report/comparison_text.h"
#include "run/exit_codes.h"
#include "run/judged_reports.h"
#include "run/per_puzzle_files.h"
#include "run/report_files.h"
#include "sys/io_error.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

// Reads a --per-puzzle file into `side`; false, with the message on `err`, when it cannot be read.
bool read_side(const std::string& path, PerPuzzleSide& side, std::FILE* err) {
  try {
    side = read_per_puzzle_file(path);
    return true;
  } catch (const IoError& e) {
    Messages(err, "compare").error(e.what());
    return false;
  }
}

int compare_per_puzzle_files(const CompareCommand& command, std::FILE* out, std::FILE* err) {
  PerPuzzleSide base, current;
  if (!read_side(command.base_path, base, err) || !read_side(command.current_path, current, err)) return kExitIo;
  for (const auto* side : {&base, &current})
    if (side->empty())
      Messages(err, "compare")
          .errorf("%s has a header and no row: nothing to compare",
                  (side == &base ? command.base_path : command.current_path).c_str());
  if (base.empty() || current.empty()) return kExitUsage;
  PerPuzzleOptions options;
  options.alpha = command.options.alpha;
  options.max_slowdown = command.options.max_slowdown;
  options.show = command.show;
  const PerPuzzleComparison comparison = compare_per_puzzle(std::move(base), std::move(current), options);
  note_unpaired(comparison, err);
  const std::vector<const GroupComparison*> compared = compared_groups(comparison, err);
  if (comparison.groups.empty()) {
    Messages(err, "compare").error("no (dataset, solver, threads, file) in both files: nothing to compare");
    return kExitUsage;
  }
  if (compared.empty()) {
    Messages(err, "compare").error("no puzzle timed and solved in both files: nothing to compare");
    return kExitUsage;
  }
  return print_per_puzzle_text(out, command.base_path, command.current_path, compared, options) ? kExitSlower : kExitOk;
}

// compare --drop-disturbed: leaves out the passes whose figures a disturbance put in doubt.
void drop_disturbed(std::vector<Report>& reports, std::FILE* err) {
  for (std::size_t i = 0; i < 2; ++i) {
    std::vector<MeasuredPass>& runs = reports[i].passes;
    const std::size_t before = runs.size();
    std::erase_if(runs, [](const MeasuredPass& r) { return !r.disturbed().empty(); });
    Messages(err, "compare")
        .errorf("--drop-disturbed: left out %zu of %zu passes of %s", before - runs.size(), before,
                i == 0 ? "BASE" : "NEW");
  }
}

}  // namespace

int compare_command(const CompareCommand& command, std::FILE* out, std::FILE* err) {
  const CompareOptions& o = command.options;
  if (!(o.max_slowdown >= 0) || !(o.alpha > 0 && o.alpha < 1)) {
    Messages(err, "compare").error("--max-slowdown must be >= 0 and --alpha between 0 and 1");
    return kExitUsage;
  }
  if (command.per_puzzle) return compare_per_puzzle_files(command, out, err);
  std::vector<Report> reports;
  if (const int status = read_reports({command.base_path, command.current_path}, reports, "compare", err);
      status != kExitOk)
    return status;
  if (command.drop_disturbed) drop_disturbed(reports, err);
  const JudgedReports judged{command.base_path, command.current_path, o, command.allow_context_mismatch,
                             command.strict,    command.format};
  return judge_reports(reports[0], reports[1], judged, out, err);
}

}  // namespace sudoku_bench
