#include "count/ab_counted.h"

#include <array>
#include <filesystem>
#include <memory>

#include "count/counted_run.h"
#include "report/report_json.h"
#include "run/exit_codes.h"
#include "run/judged_reports.h"
#include "run/report_files.h"
#include "stream/solver_specs.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

RunCommand side_command(const AbCommand& c, const SolverSpec& spec) {
  RunCommand one;
  one.files = c.files;
  one.measuring.measure = Measure::instructions;
  one.measuring.sample = c.measuring.sample;
  one.solvers = {spec};
  one.threads = {ThreadCount()};  // one
  one.labels = c.labels;
  one.repeats.repetitions = 1;
  one.supervision.progress = c.supervision.progress;
  one.environment_warnings = false;  // nothing about the machine changes a count
  one.supervision.supervise = c.supervision.supervise;
  return one;
}

// Each file's outcomes must be the same on both sides, and neither may fail judging: else the
// counts are of different work. One line per problem on `err`; false when there is one.
bool answers_agree(const Report& base, const Report& current, std::FILE* err) {
  bool agree = base.passes.size() == current.passes.size();
  for (std::size_t f = 0; f < base.passes.size() && f < current.passes.size(); ++f) {
    const Tally &b = base.passes[f].status, &n = current.passes[f].status;
    const std::string& file = base.passes[f].id.dataset;
    for (const auto* t : {&b, &n})
      if (t->wrong || t->aborted || t->check_failed) {
        Messages(err, "ab").errorf("answers: %s: %s has %llu wrong, %llu aborted, %llu failed checks", file.c_str(),
                                   t == &b ? "BASE" : "NEW", static_cast<unsigned long long>(t->wrong),
                                   static_cast<unsigned long long>(t->aborted),
                                   static_cast<unsigned long long>(t->check_failed));
        agree = false;
      }
    const std::array<Outcome, 5> compared = {Outcome::unique, Outcome::multiple, Outcome::solved, Outcome::none,
                                             Outcome::invalid};
    for (const Outcome o : compared)
      if (b[o] != n[o]) {
        Messages(err, "ab").errorf("answers: %s: %s: %llu in BASE, %llu in NEW", file.c_str(),
                                   std::string(info_of(o).name).c_str(), static_cast<unsigned long long>(b[o]),
                                   static_cast<unsigned long long>(n[o]));
        agree = false;
      }
  }
  return agree;
}

// --reports DIR: base.json and new.json; false, said on `err`, when one cannot be written.
bool write_side_reports(const std::string& dir, const std::array<Report, 2>& sides, std::FILE* err) {
  try {
    for (int s = 0; s < 2; ++s) write_json_file(dir + (s == 0 ? "/base.json" : "/new.json"), to_json(sides[s]));
    return true;
  } catch (const IoError& e) {
    Messages(err, "ab").error(e.what());
    return false;
  }
}

bool write_document(const std::string& path, const std::string& text, std::FILE* err) {
  if (path.empty()) return true;
  try {
    write_text_file(path, text);
    return true;
  } catch (const IoError& e) {
    Messages(err, "ab").error(e.what());
    return false;
  }
}

}  // namespace

int counted_ab(const AbCommand& c, std::FILE* out, std::FILE* err) {
  if (!c.outputs.reports_dir.empty() && !std::filesystem::is_directory(c.outputs.reports_dir)) {
    Messages(err, "ab").errorf("%s: --reports: not a folder", c.outputs.reports_dir.c_str());
    return kExitIo;
  }
  // counted_run's table of one side is no verdict: it goes with the progress, or nowhere.
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> quiet(std::fopen("/dev/null", "w"), std::fclose);
  std::FILE* table = c.supervision.progress ? err : quiet.get();
  // Each side named as ab names it, so that both reports name their solver as the time reports do.
  const std::array<SolverSpec, 2> specs = {c.base.named_or("base"), c.current.named_or("new")};
  std::array<Report, 2> sides;
  // A side whose records were answered wrongly or aborted (status 1) is measured all the same: the
  // answers' check below names it, and ab's status is then 5, as for time.
  for (int s = 0; s < 2; ++s)
    if (const int status = counted_run(side_command(c, specs[s]), table ? table : err, err, &sides[s]);
        status != kExitOk && status != kExitUndecided)
      return status;
  const bool agree = answers_agree(sides[0], sides[1], err);
  if (!c.outputs.reports_dir.empty() && !write_side_reports(c.outputs.reports_dir, sides, err)) return kExitIo;
  if (!agree) {
    Messages(err, "ab").errorf("NEW's answers differ from BASE's, or fail judging: its count is no verdict (exit %d)",
                               kExitAnswersDiffer);
    return kExitAnswersDiffer;
  }
  std::string json, markdown;
  JudgedReports judged{specs[0].given(), specs[1].given(), c.options, false, false, c.outputs.format, "ab"};
  judged.options.paired = false;  // one count per side: nothing to pair
  if (!c.outputs.json_path.empty()) judged.json = &json;
  if (!c.outputs.markdown_path.empty()) judged.markdown = &markdown;
  const int status = judge_reports(sides[0], sides[1], judged, out, err);
  std::fflush(out);
  const bool written =
      write_document(c.outputs.json_path, json, err) && write_document(c.outputs.markdown_path, markdown, err);
  return written ? status : kExitIo;
}

}  // namespace sudoku_bench
