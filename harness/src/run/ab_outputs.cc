#include "run/ab_outputs.h"

#include <filesystem>
#include <vector>

#include "plugin/solver_policy.h"
#include "report/comparison_formats.h"
#include "report/comparison_text.h"
#include "report/context.h"
#include "report/html_format.h"
#include "report/report_json.h"
#include "report/units.h"
#include "run/exit_codes.h"
#include "run/run.h"
#include "stats/sequential.h"
#include "stream/input.h"
#include "sys/message.h"
#include "sys/terminal.h"

namespace sudoku_bench {

AbOutputs::AbOutputs(const AbCommand& command, const AbSides& sides, AbRecord& record, std::FILE* out, std::FILE* err)
    : c_(command), sides_(sides), record_(record), out_(out), err_(err) {}

int AbOutputs::open() {
  try {
    if (!c_.outputs.json_path.empty()) json_out_ = std::make_unique<OutputFile>(c_.outputs.json_path, "--json");
    if (!c_.outputs.markdown_path.empty())
      markdown_out_ = std::make_unique<OutputFile>(c_.outputs.markdown_path, "--markdown");
    if (!c_.outputs.html_path.empty()) {
      if (!html_report_available()) {
        Messages(err_, "ab").error("--html: this build has no Chart.js (libjs-chart.js)");
        return kExitUsage;
      }
      html_out_ = std::make_unique<OutputFile>(c_.outputs.html_path, "--html");
    }
    if (!c_.outputs.reports_dir.empty()) {
      if (!std::filesystem::is_directory(c_.outputs.reports_dir))
        throw IoError(c_.outputs.reports_dir, "--reports: not a folder");
      for (int s = 0; s < 2; ++s)
        side_out_[s] = std::make_unique<OutputFile>(c_.outputs.reports_dir + "/" + (s == 0 ? "base" : "new") + ".json",
                                                    "--reports");
    }
  } catch (const IoError& e) {
    Messages(err_, "ab").error(e.what());
    return kExitIo;
  }
  std::vector<const OutputFile*> files;
  for (const auto* o : {&json_out_, &markdown_out_, &html_out_, &side_out_[0], &side_out_[1]})
    if (*o) files.push_back(o->get());
  if (const std::string conflict = output_conflicts(files, c_.files); !conflict.empty()) {
    Messages(err_, "ab").error(conflict);
    return kExitUsage;
  }
  return kExitOk;
}

// A side's report: its rounds as repetitions, its identity, the labels.
void AbOutputs::finish_report(int s) {
  Report& r = record_.side_reports[s];
  r.context = record_.context;
  r.run_id = new_run_id();
  Settings& settings = r.settings;
  settings.solvers = {sides_[s].spec.given()};
  settings.identities = {sides_[s].identity};
  for (const std::string& label : c_.labels) {
    const std::size_t eq = label.find('=');
    settings.labels.emplace_back(label.substr(0, eq), label.substr(eq + 1));
  }
  settings.threads = {c_.threads.get()};
  settings.repetitions = static_cast<int>(record_.rounds_done);
  settings.warmup_seconds = 0;
  settings.min_time_seconds = 0;
  settings.latency_clock = record_.clock_name;
  if (sides_[s].recount) {
    settings.verify.by = policy_of(*sides_[s].factory).recounted_by;
    settings.verify.every = kDefaultPluginVerifyEvery;
  }
}

std::string AbOutputs::method_line() const {
  std::string rule = "a fixed number of rounds";
  if (!c_.rule.rounds) {
    const std::vector<int>& looks = record_.looks;
    std::string at;
    for (std::size_t k = 0; k < looks.size(); ++k) at += (k ? ", " : "") + std::to_string(looks[k]);
    rule = "a group-sequential rule (Pocock-type spending) up to " + std::to_string(c_.rule.max_rounds) + " rounds" +
           (looks.empty() ? "" : ", looked at " + at) +
           (record_.stopped_early ? ": stopped early, the answer clear"
            : looks.empty()       ? ""
                                  : ", judged as a fixed count");
  }
  char buf[512];
  std::snprintf(buf, sizeof buf, "%zu rounds of %d shard%s in turns%s; %s", record_.rounds_done, c_.rule.shards,
                c_.rule.shards == 1 ? "" : "s",
                record_.cpu >= 0 ? (" on CPU " + std::to_string(record_.cpu)).c_str() : "", rule.c_str());
  return buf;
}

nlohmann::ordered_json AbOutputs::ab_json() const {
  using json = nlohmann::ordered_json;
  json sides = json::array();
  for (int s = 0; s < 2; ++s) {
    json files = json::array();
    for (const SolverIdentity::File& f : sides_[s].identity.files)
      files.push_back({{"path", f.path}, {"size", f.size}, {"sha256", f.sha256}});
    sides.push_back({{"side", s == 0 ? "base" : "new"},
                     {"name", sides_[s].name},
                     {"spec", sides_[s].identity.spec},
                     {"files", files},
                     {"bench", sides_[s].bench.empty() ? json(nullptr) : json(sides_[s].bench)}});
  }
  const AbRecord& r = record_;
  return {{"solvers", sides},
          {"rounds", r.rounds_done},
          {"shards", c_.rule.shards},
          {"cpu", r.cpu >= 0 ? json(r.cpu) : json(nullptr)},
          {"detect", c_.rule.detect},
          {"power", c_.rule.power},
          {"pilot_spread", r.wanted ? json(r.spread) : json(nullptr)},
          {"rounds_wanted", r.wanted ? json(r.wanted) : json(nullptr)},
          {"answers_agree", r.answer_problems.empty()},
          {"answer_problems", r.answer_problems},
          {"rule", c_.rule.rounds ? "fixed" : std::string(kSequentialRule)},
          {"looks", r.looks},
          {"stopped_early", r.stopped_early}};
}

// Writes `text` to `file` when there is one; false, said, when it fails.
bool AbOutputs::write_to(std::unique_ptr<OutputFile>& file, const std::string& text) {
  if (!file) return true;
  try {
    file->write(text);
    file->commit();
    return true;
  } catch (const IoError& e) {
    Messages(err_, "ab").error(e.what());
    return false;
  }
}

void AbOutputs::say_answer_problems() const {
  for (const std::string& p : record_.answer_problems) Messages(err_, "ab").errorf("answers: %s", p.c_str());
}

// The verdict in one line, first: when the rounds were cut short (`cut` says why) or the answers
// differ, that is the verdict.
std::string AbOutputs::verdict_text(const std::string& cut, const Comparison& c) const {
  const std::size_t done = record_.rounds_done;
  const auto rounds = [&] { return std::to_string(done) + " round" + (done == 1 ? "" : "s"); };
  if (!cut.empty()) return "no verdict: " + cut + " after " + rounds();
  if (!record_.answer_problems.empty())
    return sides_[1].name + "'s answers differ from " + sides_[0].name + "'s, or fail judging: no verdict on speed";
  if (record_.over_budget && done < static_cast<std::size_t>(kAbMinRounds))
    return "no verdict: " + rounds() + " fit in --max-seconds " + format_fixed("%g", c_.rule.max_seconds) + ", " +
           std::to_string(kAbMinRounds) + " are needed";
  return verdict_line(c, sides_[0].name, sides_[1].name);
}

// Standard output: the verdict and the table as text, or the JSON or markdown document; nothing
// when interrupted (the files hold the rounds; a table of them would read as a verdict). Returns
// how many pairs are slower.
int AbOutputs::print(const std::string& verdict, const Comparison& c, const nlohmann::ordered_json& json,
                     const std::string& markdown) {
  int slower = 0;
  if (record_.side_reports[0].interrupted) {
    std::fflush(out_);
  } else if (c_.outputs.format == CompareFormat::text) {
    print_fitted(out_, verdict + "\n");
    std::fflush(out_);
    say_answer_problems();
    print_fitted(out_, "\n" + sides_.side_line(0) + "\n" + sides_.side_line(1) + "\n" + method_line() + "\n\n");
    slower = print_comparison_text(c, c_.options, out_, err_);
  } else {
    std::fputs(c_.outputs.format == CompareFormat::json ? json_text(json).c_str() : markdown.c_str(), out_);
    slower = print_comparison_text(c, c_.options, nullptr, err_);
  }
  std::fflush(out_);
  return slower;
}

// --json, --markdown, --html and --reports; false when one failed (said).
bool AbOutputs::write_files(const std::string& verdict, const Comparison& c, const nlohmann::ordered_json& json,
                            const std::string& markdown) {
  bool written = write_to(json_out_, json_text(json)) && write_to(markdown_out_, markdown);
  const std::array<Report, 2>& reports = record_.side_reports;
  if (html_out_) {
    Report both = reports[1];
    both.passes.insert(both.passes.begin(), reports[0].passes.begin(), reports[0].passes.end());
    both.settings.solvers = {sides_[0].spec.given(), sides_[1].spec.given()};
    both.settings.identities = {sides_[0].identity, sides_[1].identity};
    written = write_to(html_out_, to_html(both, c, c_.options, sides_[0].name + " (BASE)", verdict)) && written;
  }
  for (int s = 0; s < 2; ++s) written = write_to(side_out_[s], json_text(to_json(reports[s]))) && written;
  return written;
}

int AbOutputs::write(const std::string& cut) {
  const bool interrupted = !cut.empty();
  for (int s = 0; s < 2; ++s) {
    finish_report(s);
    record_.side_reports[s].interrupted = interrupted;
  }
  Comparison c = compare_reports(record_.side_reports[0], record_.side_reports[1], c_.options);
  if (interrupted) c.pairs.clear();  // rounds cut short judge nothing: no pair carries a verdict
  const Context& context = record_.context;
  const ComparedSide b{sides_[0].spec.given(), context.git_commit, context.date, sides_.solver_text(0)},
      n{sides_[1].spec.given(), record_.other_context.empty() ? context.git_commit : record_.other_context,
        context.date, sides_.solver_text(1)};
  const std::string verdict = verdict_text(cut, c);
  nlohmann::ordered_json json = comparison_json(c, c_.options, b, n);
  json["ab"] = ab_json();
  json["ab"]["verdict_line"] = verdict;
  json["ab"]["interrupted"] = interrupted;  // the ab block's own: compare's document is unchanged
  const std::string markdown =
      "**" + verdict + "**\n\n" + comparison_markdown(c, c_.options, b, n) + "\n" + method_line() + ".\n" +
      (record_.answer_problems.empty() ? "" : "\n**NEW's answers differ from BASE's** (see the log).\n");
  const int slower = print(verdict, c, json, markdown);
  const bool written = write_files(verdict, c, json, markdown);
  if (interrupted || c_.outputs.format != CompareFormat::text) say_answer_problems();
  if (interrupted) return written ? kExitOk : kExitIo;
  if (!record_.answer_problems.empty()) {
    Messages(err_, "ab")
        .errorf("NEW's answers differ from BASE's, or fail judging: its speed is no verdict (exit %d)",
                kExitAnswersDiffer);
    return kExitAnswersDiffer;
  }
  if (!written) return kExitIo;
  // A check that could not run must not pass in CI.
  if (record_.over_budget && record_.rounds_done < static_cast<std::size_t>(kAbMinRounds)) return kExitUsage;
  return slower ? 1 : kExitOk;
}

}  // namespace sudoku_bench
