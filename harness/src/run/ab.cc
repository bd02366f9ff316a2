#include "run/ab.h"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <span>

#include "plugin/call_guard.h"
#include "plugin/library.h"
#include "plugin/plugin_solver.h"
#include "report/comparison_text.h"
#include "report/context.h"
#include "report/html_format.h"
#include "report/pass_fields.h"
#include "report/pass_parts.h"
#include "report/report_json.h"
#include "report/solver_identity.h"
#include "report/units.h"
#include "run/exit_codes.h"
#include "run/interrupt.h"
#include "run/pass_link.h"
#include "run/per_puzzle_files.h"
#include "run/report_files.h"
#include "run/run.h"
#include "run/solver_spec_list.h"
#include "run/supervision.h"
#include "stats/power.h"
#include "stats/sequential.h"
#include "stream/input.h"
#include "stream/output_file.h"
#include "stream/pass.h"
#include "stream/per_puzzle_rows.h"
#include "stream/puzzle_clock.h"
#include "stream/solver_specs.h"
#include "sys/child_process.h"
#include "sys/cpu_set.h"
#include "sys/csv.h"
#include "sys/message.h"
#include "sys/terminal.h"

namespace sudoku_bench {
namespace {

constexpr const char* kSideWord[] = {"BASE", "NEW"};

// One side of the check: a solver measured here, or (tools/ab) another build's `run`.
struct Side {
  std::string given;  // the spec as given, NAME= included
  std::string name;   // as the passes and tables call it
  std::unique_ptr<sudoku::SolverFactory> factory, recount;
  std::string bench;  // another sudoku-bench measures this side; "": this process
  SolverIdentity identity;
};

// What one side measured in one round: a pass per file, each still in shards.
using RoundParts = std::vector<std::vector<MeasuredPass>>;  // [file][shard]

constexpr const char* kScratchPrefix = "sudoku-bench-ab-";

constexpr std::size_t kPerPuzzleColumns = 10;  // kPerPuzzleHeader's

class Ab {
 public:
  // `link`: the measuring child's way to its supervisor, told of each round as it is measured.
  Ab(const AbCommand& command, std::FILE* out, std::FILE* err, PassLink* link = nullptr)
      : c_(command), out_(out), err_(err), link_(link) {}

  int run() {
    if (const int status = check(); status != kExitOk) return status;
    if (const int status = pin(); status != kExitOk) return status;
    if (const int status = open_outputs(); status != kExitOk) return status;
    report_.context = collect_context();
    if (c_.base_bench.empty() || c_.new_bench.empty()) clock_name_ = PuzzleClock::for_pass().name();
    datasets_ = dataset_names(c_.files);
    std::string fault;
    try {
      measure_all();
    } catch (const plugin::SolverFault& f) {
      Messages(err_, "ab").error(f.what());
      if (!f.interrupted()) fault = f.what();
    } catch (const IoError& e) {
      Messages(err_, "ab").error(e.what());
      return kExitIo;
    } catch (const std::runtime_error& e) {  // another build's run failed
      Messages(err_, "ab").error(e.what());
      return kExitIo;
    }
    if (fault.empty() && interrupt_requested() && interrupt_self_sent()) fault = self_sent_cause();
    if (!fault.empty()) return end_without_verdict(fault, kExitSolverFault);
    if (interrupt_requested())
      return end_without_verdict("interrupted by signal " + std::to_string(interrupt_signal()), interrupted_status());
    return write_outputs("");
  }

  // Side `s` as given (its spec, its other build) and named: what the parent and the child both
  // need before either measures. Returns the spec split from its name.
  NamedSpec name_side(int s) {
    Side& side = sides_[s];
    side.given = s == 0 ? c_.base : c_.current;
    side.bench = s == 0 ? c_.base_bench : c_.new_bench;
    NamedSpec named = split_spec_name(side.given);
    side.name = named.name.empty() ? (s == 0 ? "base" : "new") : named.name;
    return named;
  }

  // The supervisor's side (ab_command): the sides as given and the outputs, without loading a solver.
  void prepare_parent() {
    for (int s = 0; s < 2; ++s) {
      name_side(s);
      sides_[s].identity = identify_solver(sides_[s].given, sides_[s].name);
    }
    datasets_ = dataset_names(c_.files);
  }

  // What the measuring child said of its rounds (send_round): the parent's copy of them.
  void take_round(const nlohmann::ordered_json& json) {
    if (json.contains("head")) {
      const Report head = from_json(json["head"]);
      report_.context = head.context;
      clock_name_ = head.settings.latency_clock;
      cpu_ = json.value("cpu", -1);
      return;
    }
    if (!json.contains("round")) {  // a look made after its round was sent (send_looks)
      looks_ = json["looks"].get<std::vector<int>>();
      return;
    }
    for (int s = 0; s < 2; ++s)
      for (const auto& pass : json["passes"][static_cast<std::size_t>(s)])
        side_reports_[s].runs.push_back(pass_from_json(pass));
    if (json["log_ratio"].is_number()) log_ratios_.push_back(json["log_ratio"].get<double>());
    rounds_done_ = json["round"].get<std::size_t>();
    answer_problems_ = json["problems"].get<std::vector<std::string>>();
    spread_ = json["spread"].get<double>();
    wanted_ = json["wanted"].get<int>();
    other_context_ = json["other_context"].get<std::string>();
  }

  // The measuring child ended before it could write: the rounds it sent, written with no verdict.
  int write_for_child(const std::string& cause, int status) {
    if (const int opened = open_outputs(); opened != kExitOk) return opened;
    const int written = write_outputs(cause);
    return written == kExitIo ? kExitIo : status;
  }

  std::size_t rounds_done() const { return rounds_done_; }

 private:
  // A fault or an interrupt: every output written, the rounds before kept, marked interrupted, and
  // no verdict.
  int end_without_verdict(const std::string& cause, int status) {
    Messages(err_, "ab")
        .errorf("%s after %s: no verdict; the rounds measured are written, marked \"interrupted\": true", cause.c_str(),
                counted(rounds_done_, "round").c_str());
    const int written = write_outputs(cause);
    return written == kExitIo ? kExitIo : status;
  }

  static int interrupted_status() { return kExitInterrupted + (interrupt_signal() ? interrupt_signal() : SIGINT); }

  int check() {
    const auto refuse = [&](const std::string& why) {
      Messages(err_, "ab").error(why);
      return kExitUsage;
    };
    if (c_.files.empty()) return refuse("no input files");
    for (const std::string& f : c_.files)
      if (read_once(f)) return refuse(f + " can be read only once: ab reads its files once per round and side");
    if (c_.rounds != 0 && c_.rounds < 6)
      return refuse("--rounds must be 0 (stop when the answer is clear) or at least 6");
    if (c_.pilot < 6) return refuse("--pilot must be at least 6: fewer rounds cannot reach p < 0.05");
    if (!(c_.detect > c_.options.max_slowdown))
      return refuse("--detect (" + percent_text(c_.detect) + ") must be above --max-slowdown (" +
                    percent_text(c_.options.max_slowdown) + ")");
    std::string notes[2];
    for (int s = 0; s < 2; ++s) {
      Side& side = sides_[s];
      const NamedSpec named = name_side(s);
      if (side.bench.empty()) {
        std::string error, &note = notes[s];
        side.factory = factory_for_spec(named.spec, error, &note);
        if (!side.factory) return refuse(std::string(kSideWord[s]) + ": " + error);
        if (!note.empty()) Messages(err_, "ab").note(note);
        if (const std::string recount = side.factory->recounted_by(); !recount.empty())
          if (!(side.recount = reference_for_spec(recount, error))) return refuse(error);
      } else if (access(side.bench.c_str(), X_OK) != 0) {
        return refuse(std::string(kSideWord[s]) + ": no sudoku-bench at " + side.bench);
      }
      side.identity = identify_solver(side.given, side.name);
    }
    if (sides_[0].name == sides_[1].name) return refuse("BASE and NEW are both named " + sides_[0].name);
    if (const std::string why = same_instances(notes); !why.empty()) return refuse(why);
    return kExitOk;
  }

  // Both sides in one mode: when @auto gave one plugin private instances (its note says why) and
  // the other shared ones, the other is loaded again as @private, so that the sides differ in their
  // code alone. "" or what failed.
  std::string same_instances(const std::string (&notes)[2]) {
    for (int s = 0; s < 2; ++s) {
      Side& other = sides_[1 - s];
      if (notes[s].empty() || !notes[1 - s].empty() || !other.bench.empty()) continue;
      const NamedSpec named = split_spec_name(other.given);
      plugin::PluginSpec spec;
      std::string error;
      if (!named.spec.starts_with(plugin::kPluginPrefix) ||
          !plugin::parse_plugin_spec(named.spec.substr(plugin::kPluginPrefix.size()), spec, error) ||
          spec.mode != "auto")
        continue;
      std::string given = other.given;
      if (given.ends_with("@auto")) given.resize(given.size() - 5);
      other.factory = factory_for_spec(given + "@private", error, nullptr);
      if (!other.factory) return std::string(kSideWord[1 - s]) + ": " + error;
      Messages(err_, "ab")
          .notef("%s gets private instances too, so that both sides are measured alike", kSideWord[1 - s]);
    }
    return "";
  }

  // One CPU for both sides, so that they meet the same caches and clock; set before any thread starts.
  int pin() {
    if (c_.cpu == "none" || c_.threads > 1) {
      if (c_.threads > 1 && c_.cpu != "none")
        Messages(err_, "ab").notef("%d threads: not pinned to one CPU", c_.threads);
      return kExitOk;
    }
    int cpu = -1;
    if (!c_.cpu.empty()) {
      cpu = std::atoi(c_.cpu.c_str());
    } else if (const std::vector<int> allowed = sys::allowed_cpus(); !allowed.empty()) {
      cpu = allowed.back();
    }
    if (cpu < 0) return kExitOk;
    if (const int error = sys::pin_to_cpu(cpu); error != 0) {
      if (!c_.cpu.empty() && error == EINVAL) {
        Messages(err_, "ab").errorf("--cpu %d: no such CPU", cpu);
        return kExitUsage;
      }
      Messages(err_, "ab").errorf("cannot pin to CPU %d: %s", cpu, std::strerror(error));
      return c_.cpu.empty() ? kExitIo : kExitUsage;
    }
    cpu_ = cpu;
    return kExitOk;
  }

  int open_outputs() {
    try {
      if (!c_.json_path.empty()) json_out_ = std::make_unique<OutputFile>(c_.json_path, "--json");
      if (!c_.markdown_path.empty()) markdown_out_ = std::make_unique<OutputFile>(c_.markdown_path, "--markdown");
      if (!c_.html_path.empty()) {
        if (!html_report_available()) {
          Messages(err_, "ab").error("--html: this build has no Chart.js (libjs-chart.js)");
          return kExitUsage;
        }
        html_out_ = std::make_unique<OutputFile>(c_.html_path, "--html");
      }
      if (!c_.reports_dir.empty()) {
        if (!std::filesystem::is_directory(c_.reports_dir)) throw IoError(c_.reports_dir, "--reports: not a folder");
        for (int s = 0; s < 2; ++s)
          side_out_[s] =
              std::make_unique<OutputFile>(c_.reports_dir + "/" + (s == 0 ? "base" : "new") + ".json", "--reports");
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

  // How one side measures shard `shard` of a file; `rows`, when given, receives a row per record.
  PassConfig pass_config(const Side& side, const InputFile& input, int shard, PerPuzzleRows* rows) const {
    PassConfig config;
    config.pipeline.threads = c_.threads;
    take_shard(config.pipeline, input.size(), c_.threads, shard, c_.shards);
    config.pipeline.interrupt = &interrupt_requested();
    config.step.solve.stop = &interrupt_requested();
    config.step.reask_every_record = false;
    config.rows = rows;
    if (side.recount) {  // a sample of an external solver's answers recounted, as run does
      config.step.reference = side.recount.get();
      config.step.verify_every = kDefaultPluginVerifyEvery;
    }
    return config;
  }

  // Shard `shard` of `shards` of every file, once, by one side: a pass per file.
  std::vector<MeasuredPass> measure_shard(const Side& side, int shard, int round) {
    if (link_) {  // where the supervisor says a solver ended the process: "round 3 shard 2/20 of NEW (new)"
      const int s = &side == &sides_[0] ? 0 : 1;
      link_->starting((round ? "round " + std::to_string(round) + " shard " + std::to_string(shard) + "/" +
                                   std::to_string(c_.shards)
                             : std::string("the warm-up turn")) +
                      " of " + kSideWord[s] + " (" + side.name + ")");
    }
    if (!side.bench.empty()) return measure_elsewhere(side, shard, round);
    std::vector<MeasuredPass> passes;
    for (std::size_t f = 0; f < c_.files.size(); ++f) {
      InputFile input(c_.files[f]);
      const PassConfig config = pass_config(side, input, shard, nullptr);
      MeasuredPass pass = measure_pass(input, *side.factory, config);
      pass.dataset = datasets_[f];
      pass.path = c_.files[f];
      pass.threads = c_.threads;
      pass.repetition = round;
      pass.solver = side.name;
      passes.push_back(std::move(pass));
    }
    return passes;
  }

  // tools/ab: the side is another build; its `run` measures the shard, pinned as this process is.
  std::vector<MeasuredPass> measure_elsewhere(const Side& side, int shard, int round) {
    const std::string report = scratch_ + "/shard.json";
    std::vector<std::string> args = {side.bench,
                                     "run",
                                     "--solver",
                                     split_spec_name(side.given).spec,
                                     "--threads",
                                     std::to_string(c_.threads),
                                     "--repetitions",
                                     "1",
                                     "--warmup-seconds",
                                     "0",
                                     "--min-time",
                                     "0",
                                     "--no-progress",
                                     "--json",
                                     report};
    if (c_.shards > 1) args.insert(args.end(), {"--shard", std::to_string(shard) + "/" + std::to_string(c_.shards)});
    args.insert(args.end(), c_.files.begin(), c_.files.end());
    const std::string log = scratch_ + "/shard.log";
    sys::ChildStart start;
    start.argv = args;
    start.fds[1] = sys::ChildFd::null();
    start.fds[2] = sys::ChildFd::file(log);
    const sys::Started started = sys::start_child(start);
    if (started.pid < 0) throw std::runtime_error(side.bench + ": cannot start: " + std::strerror(started.error));
    const int status = sys::wait_child(started.pid).value_or(0);
    // 1: records undecided (judged below, from the report); anything else failed.
    if (!WIFEXITED(status) || (WEXITSTATUS(status) != kExitOk && WEXITSTATUS(status) != kExitUndecided)) {
      if (interrupt_requested()) return {};
      std::string text;
      if (std::FILE* f = std::fopen(log.c_str(), "r")) {
        char buf[4096];
        text.assign(buf, std::fread(buf, 1, sizeof buf, f));
        std::fclose(f);
      }
      throw std::runtime_error(args[0] + " run (shard " + std::to_string(shard) + ") ended with status " +
                               std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status)) +
                               (text.empty() ? "" : ":\n" + text));
    }
    std::vector<Report> read;
    if (read_reports({report}, read, "ab", err_) != kExitOk) throw std::runtime_error("cannot read " + report);
    std::vector<MeasuredPass> passes = std::move(read.front().runs);
    for (MeasuredPass& p : passes) {
      p.solver = side.name;
      p.repetition = round;
      p.run_id.clear();
    }
    if (other_context_.empty()) other_context_ = read.front().context.git_commit;
    return passes;
  }

  // A round's shards of one file as one pass, timed as one process reading them one after another.
  static MeasuredPass combined(const std::vector<MeasuredPass>& shards) {
    if (shards.size() == 1) return shards.front();
    std::vector<std::string> hosts(shards.size());
    std::vector<int> numbers;
    for (std::size_t k = 1; k <= shards.size(); ++k) numbers.push_back(static_cast<int>(k));
    return combine_parts(shards, hosts, numbers, Timing::process);
  }

  // Both sides must reach the same answers on the same shard, and neither may fail judging.
  void judge_turn(const std::vector<MeasuredPass>& base, const std::vector<MeasuredPass>& current, int round,
                  int shard) {
    if (answer_problems_.size() >= 10) return;
    for (std::size_t f = 0; f < base.size() && f < current.size(); ++f) {
      const Tally &b = base[f].status, &n = current[f].status;
      const std::string where = datasets_[f] + " round " + std::to_string(round) + " shard " + std::to_string(shard) +
                                "/" + std::to_string(c_.shards) + ": ";
      for (const auto* t : {&b, &n})
        if (t->wrong || t->aborted || t->check_failed)
          answer_problems_.push_back(where + (t == &b ? "BASE" : "NEW") + " has " + std::to_string(t->wrong) +
                                     " wrong, " + std::to_string(t->aborted) + " aborted, " +
                                     std::to_string(t->check_failed) + " failed checks");
      const std::array<Outcome, 5> compared = {Outcome::unique, Outcome::multiple, Outcome::solved, Outcome::none,
                                               Outcome::invalid};
      for (const Outcome o : compared)
        if (b[o] != n[o]) {
          answer_problems_.push_back(where + std::string(info_of(o).name) + ": " + std::to_string(b[o]) + " in BASE, " +
                                     std::to_string(n[o]) + " in NEW");
          name_differing_records(f, shard);
          break;
        }
    }
  }

  // The records of a shard whose outcomes differ, as FILE:LINE with both sides' answers: the shard
  // solved again by each side, outside any measurement, with a row per record.
  void name_differing_records(std::size_t f, int shard) {
    if (!sides_[0].bench.empty() || !sides_[1].bench.empty()) {
      answer_problems_.push_back("(run both builds with --per-puzzle and compare --per-puzzle for the records)");
      return;
    }
    std::array<std::map<std::uint64_t, std::string>, 2> outcomes;  // line -> outcome
    std::error_code ec;
    std::filesystem::create_directories(scratch_, ec);
    for (int s = 0; s < 2; ++s) {
      const std::string path = scratch_ + "/rows" + std::to_string(s) + ".csv";
      {
        OutputFile file(path, "");
        PerPuzzleRows rows(file);
        rows.start_pass(datasets_[f], c_.files[f], sides_[s].name, c_.threads, 0, true, false);
        InputFile input(c_.files[f]);
        measure_pass(input, *sides_[s].factory, pass_config(sides_[s], input, shard, &rows));
        rows.close();
      }
      std::ifstream in(path);
      std::string row;
      std::getline(in, row);            // the header
      std::vector<std::string> fields;  // dataset,file,line,...,outcome
      while (std::getline(in, row)) {
        if (split_csv(row, fields) && fields.size() == kPerPuzzleColumns && !fields[2].empty() &&
            fields[2].find_first_not_of("0123456789") == std::string::npos)
          outcomes[s][std::stoull(fields[2])] = fields.back();
      }
    }
    std::size_t named = 0;
    for (const auto& [line, base] : outcomes[0]) {
      const auto current = outcomes[1].find(line);
      if (current == outcomes[1].end() || current->second == base) continue;
      if (++named > 5) break;
      answer_problems_.push_back(c_.files[f] + ":" + std::to_string(line) + ": " + sides_[0].name + " " + base + ", " +
                                 sides_[1].name + " " + current->second);
    }
  }

  // The time per puzzle the gate reads, summed over the files: CPU or wall.
  double gated_time(std::span<const MeasuredPass> passes) const {
    double seconds = 0, puzzles = 0;
    for (const MeasuredPass& p : passes) {
      seconds += c_.options.gate == GateTime::cpu ? p.cpu_seconds : p.wall_seconds;
      puzzles += static_cast<double>(p.puzzles());
    }
    return puzzles > 0 ? seconds / puzzles : 0;
  }

  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

  // A round's seconds: the mean of those measured, else the warm-up turn's shard times the shards.
  double round_estimate() const {
    return rounds_done_ ? round_seconds_ / static_cast<double>(rounds_done_) : warmup_seconds_ * c_.shards;
  }

  // "about 1 min 20 s" for the rounds up to `until`.
  std::string duration_left(int until) const {
    const double left = std::max(0, until - static_cast<int>(rounds_done_)) * round_estimate();
    return format_duration_ns(left * 1e9);
  }
  std::string time_left(int until) const { return "about " + duration_left(until); }

  // Rounds up to `until`; `look` names the sequential rule's look they lead to ("" with --rounds).
  void measure_rounds(int until, const std::string& look = "") {
    for (int round = static_cast<int>(rounds_done_) + 1; round <= until && !interrupt_requested(); ++round) {
      if (c_.max_seconds > 0 && elapsed() + round_estimate() > c_.max_seconds) {
        over_budget_ = true;
        return;
      }
      const double round_start = elapsed();
      std::array<RoundParts, 2> parts;
      for (auto& p : parts) p.assign(c_.files.size(), {});
      for (int shard = 1; shard <= c_.shards && !interrupt_requested(); ++shard) {
        // The order turns at every shard (BASE NEW, then NEW BASE): neither side always goes first.
        const int first = ((round - 1) * c_.shards + shard) % 2 ? 0 : 1;
        std::array<std::vector<MeasuredPass>, 2> turn;
        for (const int s : {first, 1 - first}) turn[s] = measure_shard(sides_[s], shard, round);
        if (interrupt_requested()) return;
        judge_turn(turn[0], turn[1], round, shard);
        for (int s = 0; s < 2; ++s)
          for (std::size_t f = 0; f < turn[s].size(); ++f) parts[s][f].push_back(std::move(turn[s][f]));
      }
      if (interrupt_requested()) return;
      std::array<std::vector<MeasuredPass>, 2> passes;
      for (int s = 0; s < 2; ++s)
        for (auto& shards : parts[s]) {
          MeasuredPass pass = combined(shards);
          pass.sequence = round;
          passes[s].push_back(std::move(pass));
        }
      const double b = gated_time(passes[0]), n = gated_time(passes[1]);
      if (b > 0 && n > 0) log_ratios_.push_back(std::log(n / b));
      // Each file's own ratio too: compare judges each file's pair apart, so the rule must stop on
      // what each pair's verdict will say, not on their sum.
      file_log_ratios_.resize(passes[0].size());
      for (std::size_t f = 0; f < passes[0].size() && f < passes[1].size(); ++f) {
        const double fb = gated_time({&passes[0][f], 1}), fn = gated_time({&passes[1][f], 1});
        if (fb > 0 && fn > 0) file_log_ratios_[f].push_back(std::log(fn / fb));
      }
      send_round(round, passes, b > 0 && n > 0 ? std::optional<double>(std::log(n / b)) : std::nullopt);
      for (int s = 0; s < 2; ++s)
        for (MeasuredPass& p : passes[s]) side_reports_[s].runs.push_back(std::move(p));
      ++rounds_done_;
      round_seconds_ += elapsed() - round_start;
      if (c_.progress) {
        // Within 80 columns for short side names: "ab: round 3/10, look 1/8 in ~2.6 s: old 102 us, ...".
        const std::string look_part = look.empty() ? "" : ", " + look;
        const std::string when = round == until ? look_part
                                 : look.empty() ? ", ~" + duration_left(until) + " left"
                                                : look_part + " in ~" + duration_left(until);
        Messages(err_, "ab")
            .progressf("round %d/%d%s: %s %s, %s %s %s/puzzle (%s)", round, until, when.c_str(), sides_[0].name.c_str(),
                       format_duration_ns(b * 1e9).c_str(), sides_[1].name.c_str(), format_duration_ns(n * 1e9).c_str(),
                       c_.options.gate == GateTime::cpu ? "CPU" : "wall", b > 0 ? format_change(n / b).c_str() : "-");
      }
    }
  }

  // The supervisor's copy of a round, sent before the round counts here: a process ended at any
  // moment after it leaves the round with the parent (take_round).
  void send_round(int round, const std::array<std::vector<MeasuredPass>, 2>& passes, std::optional<double> log_ratio) {
    if (!link_) return;
    nlohmann::ordered_json sides = nlohmann::ordered_json::array();
    for (const auto& side : passes) {
      nlohmann::ordered_json list = nlohmann::ordered_json::array();
      for (const MeasuredPass& p : side) list.push_back(pass_to_json(p));
      sides.push_back(std::move(list));
    }
    link_->progress({{"round", round},
                     {"passes", std::move(sides)},
                     {"log_ratio", log_ratio ? nlohmann::ordered_json(*log_ratio) : nlohmann::ordered_json(nullptr)},
                     {"problems", answer_problems_},
                     {"spread", spread_},
                     {"wanted", wanted_},
                     {"other_context", other_context_}});
  }

  // The supervisor's copy of the looks made, so that rounds it writes for a child that ended say
  // where the rule had looked.
  void send_looks() {
    if (link_) link_->progress({{"looks", looks_}});
  }

  // The context and the clock, once, for the parent's reports.
  void send_head() {
    if (!link_) return;
    Report head;
    head.context = report_.context;
    head.settings.solvers = {sides_[0].given, sides_[1].given};
    head.settings.threads = {c_.threads};
    head.settings.latency_clock = clock_name_;
    link_->progress({{"head", to_json(head)}, {"cpu", cpu_}});
  }

  // Scratch folders of ab processes that are gone (a SIGKILL runs no destructor): removed here,
  // the next start, so that no ending leaves one for long.
  static void sweep_scratch(const std::filesystem::path& tmp) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(tmp, ec)) {
      const std::string name = entry.path().filename().string();
      if (!name.starts_with(kScratchPrefix)) continue;
      const std::string pid = name.substr(std::strlen(kScratchPrefix));
      if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
      if (kill(static_cast<pid_t>(std::stol(pid)), 0) != 0 && errno == ESRCH)
        std::filesystem::remove_all(entry.path(), ec);
    }
  }

  void measure_all() {
    std::error_code ec;
    const std::filesystem::path tmp = std::filesystem::temp_directory_path(ec);
    sweep_scratch(tmp);
    scratch_ = tmp / (kScratchPrefix + std::to_string(getpid()));
    if (!sides_[0].bench.empty() || !sides_[1].bench.empty()) std::filesystem::create_directories(scratch_);
    struct Cleanup {
      std::string dir;
      ~Cleanup() {
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
      }
    } cleanup{scratch_};
    if (c_.progress)
      Messages(err_, "ab")
          .progressf("%s against %s in turns%s, %d shard%s a round: %s", sides_[1].name.c_str(), sides_[0].name.c_str(),
                     cpu_ >= 0 ? (" on CPU " + std::to_string(cpu_)).c_str() : "", c_.shards, c_.shards == 1 ? "" : "s",
                     join(datasets_, " ").c_str());
    send_head();
    // One unmeasured turn each: libraries loaded, caches and branch predictors met.
    start_ = std::chrono::steady_clock::now();
    for (const Side& side : sides_) measure_shard(side, 1, 0);
    warmup_seconds_ = elapsed();
    if (c_.rounds) {
      planned_ = c_.rounds;
      measure_rounds(planned_);
      if (static_cast<int>(rounds_done_) == planned_) looks_.push_back(planned_);
    } else {
      measure_sequentially();
    }
    if (over_budget_) say_budget();
  }

  // The sequential rule (stats/sequential.h): rounds up to each look, and a stop at the first whose
  // intervals put every file's change clearly above or below --max-slowdown.
  void measure_sequentially() {
    const SequentialDesign design = sequential_design(c_.pilot, c_.max_rounds, c_.options.alpha, 1 - c_.power);
    const std::size_t count = design.looks.size();
    if (c_.progress) {
      std::string at;
      for (std::size_t k = 0; k < count; ++k)
        at += (k == 0 ? "" : k + 1 == count ? " and " : ", ") + std::to_string(design.looks[k].rounds);
      Messages(err_, "ab")
          .progressf("looks at %s rounds: it stops at the first where NEW's change is clearly above or below %s",
                     at.c_str(), percent_text(c_.options.max_slowdown).c_str());
    }
    for (std::size_t k = 0; k < count; ++k) {
      const SequentialLook& look = design.looks[k];
      planned_ = look.rounds;
      measure_rounds(look.rounds, "look " + std::to_string(k + 1) + "/" + std::to_string(count));
      if (interrupt_requested() || over_budget_ || static_cast<int>(rounds_done_) < look.rounds) return;
      looks_.push_back(look.rounds);
      send_looks();
      if (k == 0 && log_ratios_.size() >= 2) {  // what the fixed design would have measured, for the record
        spread_ = spread_upper_limit(log_ratios_);
        wanted_ = rounds_for_power(spread_, c_.detect, c_.options.max_slowdown, c_.options.alpha, c_.power);
      }
      const SequentialCall call = judge_look(look, k, count, k + 1 < count ? design.looks[k + 1].rounds : 0);
      if (call == SequentialCall::slower || call == SequentialCall::not_slower) {
        stopped_early_ = true;
        return;
      }
    }
  }

  // The rule's call at a look: SLOWER when any file's is (any slower pair makes the verdict), "not
  // slower" when every file's is; said on stderr with the figures it rests on.
  SequentialCall judge_look(const SequentialLook& look, std::size_t k, std::size_t count, int next) {
    const std::string limit = format_change(1 + c_.options.max_slowdown);
    int slower = 0, not_slower = 0;
    std::string said;
    for (std::size_t f = 0; f < file_log_ratios_.size(); ++f) {
      const SequentialDecision d = sequential_decision(look, file_log_ratios_[f], c_.options.max_slowdown);
      slower += d.call == SequentialCall::slower;
      not_slower += d.call == SequentialCall::not_slower;
      said += (f ? "; " : "") + (file_log_ratios_.size() > 1 ? datasets_[f] + " " : std::string()) +
              format_change(1 + d.estimate) + ", p = " + format_fixed("%.2g", d.p_value);
      if (d.call == SequentialCall::slower)
        said += " < " + format_fixed("%.2g", look.alpha) + ", lower bound " + format_change(1 + *d.lower) + " above " +
                limit + ": SLOWER";
      else if (d.upper)
        said += ", upper bound " + format_change(1 + *d.upper) +
                (*d.upper < c_.options.max_slowdown ? " below " : " not below ") + limit +
                (d.call == SequentialCall::not_slower ? ": not slower" : "");
    }
    const SequentialCall call = look.last ? SequentialCall::decide
                                : slower  ? SequentialCall::slower
                                : not_slower == static_cast<int>(file_log_ratios_.size()) && not_slower
                                    ? SequentialCall::not_slower
                                    : SequentialCall::go_on;
    if (c_.progress && !look.last)
      Messages(err_, "ab")
          .progressf("look %zu/%zu at %d rounds: %s; %s", k + 1, count, look.rounds, said.c_str(),
                     call == SequentialCall::go_on
                         ? ("next look at " + std::to_string(next) + " rounds, " + time_left(next) + " more").c_str()
                         : "stopping");
    return call;
  }

  // What --max-seconds left out, and what the rounds measured can say.
  void say_budget() const {
    const double round = round_estimate();
    Messages(err_, "ab")
        .progressf("--max-seconds %g: %zu of %d rounds fit (a round takes about %s)%s", c_.max_seconds, rounds_done_,
                   planned_, format_duration_ns(round * 1e9).c_str(),
                   rounds_done_ < 6 ? "" : "; the verdict is on the rounds measured, and may miss a smaller slowdown");
    if (rounds_done_ < 6)
      Messages(err_, "ab")
          .progressf("a verdict needs 6 rounds or more: give --max-seconds %.0f or more, or a smaller file",
                     std::ceil(warmup_seconds_ + 6 * round) + 1);
  }

  // A side's report: its rounds as repetitions, its identity, the labels.
  void finish_report(int s) {
    Report& r = side_reports_[s];
    r.context = report_.context;
    r.run_id = new_run_id();
    Settings& settings = r.settings;
    settings.solvers = {sides_[s].given};
    settings.identities = {sides_[s].identity};
    for (const std::string& label : c_.labels) {
      const std::size_t eq = label.find('=');
      settings.labels.emplace_back(label.substr(0, eq), label.substr(eq + 1));
    }
    settings.threads = {c_.threads};
    settings.repetitions = static_cast<int>(rounds_done_);
    settings.warmup_seconds = 0;
    settings.min_time_seconds = 0;
    settings.latency_clock = clock_name_;
    if (sides_[s].recount) {
      settings.verify = sides_[s].factory->recounted_by();
      settings.verify_every = kDefaultPluginVerifyEvery;
    }
  }

  // "old = plugin:v1/libx.so (libx.so sha256 d6f2bfb45c97)": a side's name, spec and code.
  std::string solver_text(int s) const {
    const Side& side = sides_[s];
    std::string text = side.name + " = " + split_spec_name(side.given).spec;
    for (const SolverIdentity::File& f : side.identity.files)
      text += " (" + f.path.substr(f.path.find_last_of('/') + 1) + " sha256 " +
              (f.sha256.empty() ? "unread" : f.sha256.substr(0, 12)) + ")";
    if (!side.bench.empty()) text += " measured by " + side.bench;
    return text;
  }

  std::string side_line(int s) const { return std::string(kSideWord[s]) + (s == 0 ? " " : "  ") + solver_text(s); }

  std::string rule_name() const { return c_.rounds ? "fixed" : std::string(kSequentialRule); }

  std::string method_line() const {
    std::string rule = "a fixed number of rounds";
    if (!c_.rounds) {
      std::string at;
      for (std::size_t k = 0; k < looks_.size(); ++k) at += (k ? ", " : "") + std::to_string(looks_[k]);
      rule = "a group-sequential rule (Pocock-type spending) up to " + std::to_string(c_.max_rounds) + " rounds" +
             (looks_.empty() ? "" : ", looked at " + at) +
             (stopped_early_   ? ": stopped early, the answer clear"
              : looks_.empty() ? ""
                               : ", judged as a fixed count");
    }
    char buf[512];
    std::snprintf(buf, sizeof buf, "%zu rounds of %d shard%s in turns%s; %s", rounds_done_, c_.shards,
                  c_.shards == 1 ? "" : "s", cpu_ >= 0 ? (" on CPU " + std::to_string(cpu_)).c_str() : "",
                  rule.c_str());
    return buf;
  }

  nlohmann::ordered_json ab_json() const {
    nlohmann::ordered_json sides = nlohmann::ordered_json::array();
    for (int s = 0; s < 2; ++s) {
      nlohmann::ordered_json files = nlohmann::ordered_json::array();
      for (const SolverIdentity::File& f : sides_[s].identity.files)
        files.push_back({{"path", f.path}, {"size", f.size}, {"sha256", f.sha256}});
      sides.push_back({{"side", s == 0 ? "base" : "new"},
                       {"name", sides_[s].name},
                       {"spec", sides_[s].identity.spec},
                       {"files", files},
                       {"bench", sides_[s].bench.empty() ? nlohmann::ordered_json(nullptr)
                                                         : nlohmann::ordered_json(sides_[s].bench)}});
    }
    return {{"solvers", sides},
            {"rounds", rounds_done_},
            {"shards", c_.shards},
            {"cpu", cpu_ >= 0 ? nlohmann::ordered_json(cpu_) : nlohmann::ordered_json(nullptr)},
            {"detect", c_.detect},
            {"power", c_.power},
            {"pilot_spread", wanted_ ? nlohmann::ordered_json(spread_) : nlohmann::ordered_json(nullptr)},
            {"rounds_wanted", wanted_ ? nlohmann::ordered_json(wanted_) : nlohmann::ordered_json(nullptr)},
            {"answers_agree", answer_problems_.empty()},
            {"answer_problems", answer_problems_},
            {"rule", rule_name()},
            {"looks", looks_},
            {"stopped_early", stopped_early_}};
  }

  // Writes `text` to `file` when there is one; false, said, when it fails.
  bool write_to(std::unique_ptr<OutputFile>& file, const std::string& text) {
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

  void say_answer_problems() const {
    for (const std::string& p : answer_problems_) Messages(err_, "ab").errorf("answers: %s", p.c_str());
  }

  // The verdict in one line, first: when the rounds were cut short (`cut` says why) or the answers
  // differ, that is the verdict.
  std::string verdict_text(const std::string& cut, const Comparison& c) const {
    const auto rounds = [&] { return std::to_string(rounds_done_) + " round" + (rounds_done_ == 1 ? "" : "s"); };
    if (!cut.empty()) return "no verdict: " + cut + " after " + rounds();
    if (!answer_problems_.empty())
      return sides_[1].name + "'s answers differ from " + sides_[0].name + "'s, or fail judging: no verdict on speed";
    if (over_budget_ && rounds_done_ < 6)
      return "no verdict: " + rounds() + " fit in --max-seconds " + format_fixed("%g", c_.max_seconds) +
             ", 6 are needed";
    return verdict_line(c, sides_[0].name, sides_[1].name);
  }

  // The verdict, printed and written; `cut` (why the rounds ended early) says there is none: the
  // rounds so far written alone, marked interrupted, nothing judged and nothing printed. The exit
  // status: kExitIo when an output failed.
  int write_outputs(const std::string& cut) {
    const bool interrupted = !cut.empty();
    for (int s = 0; s < 2; ++s) {
      finish_report(s);
      side_reports_[s].interrupted = interrupted;
    }
    Comparison c = compare_reports(side_reports_[0], side_reports_[1], c_.options);
    if (interrupted) c.pairs.clear();  // rounds cut short judge nothing: no pair carries a verdict
    const ComparedSide b{sides_[0].given, report_.context.git_commit, report_.context.date, solver_text(0)},
        n{sides_[1].given, other_context_.empty() ? report_.context.git_commit : other_context_, report_.context.date,
          solver_text(1)};
    const std::string verdict = verdict_text(cut, c);
    nlohmann::ordered_json json = comparison_json(c, c_.options, b, n);
    json["ab"] = ab_json();
    json["ab"]["verdict_line"] = verdict;
    json["ab"]["interrupted"] = interrupted;  // the ab block's own: compare's document is unchanged
    const std::string markdown =
        "**" + verdict + "**\n\n" + comparison_markdown(c, c_.options, b, n) + "\n" + method_line() + ".\n" +
        (answer_problems_.empty() ? "" : "\n**NEW's answers differ from BASE's** (see the log).\n");
    int slower = 0;
    if (interrupted) {  // the files hold the rounds; a table of them would read as a verdict
      std::fflush(out_);
    } else if (c_.format == CompareFormat::text) {
      print_fitted(out_, verdict + "\n");
      std::fflush(out_);
      say_answer_problems();
      print_fitted(out_, "\n" + side_line(0) + "\n" + side_line(1) + "\n" + method_line() + "\n\n");
      slower = print_comparison_text(c, c_.options, out_, err_);
    } else {
      std::fputs(c_.format == CompareFormat::json ? json_text(json).c_str() : markdown.c_str(), out_);
      slower = print_comparison_text(c, c_.options, nullptr, err_);
    }
    std::fflush(out_);
    bool written = write_to(json_out_, json_text(json)) && write_to(markdown_out_, markdown);
    if (html_out_) {
      Report both = side_reports_[1];
      both.runs.insert(both.runs.begin(), side_reports_[0].runs.begin(), side_reports_[0].runs.end());
      both.settings.solvers = {sides_[0].given, sides_[1].given};
      both.settings.identities = {sides_[0].identity, sides_[1].identity};
      written = write_to(html_out_, to_html(both, c, c_.options, sides_[0].name + " (BASE)", verdict)) && written;
    }
    for (int s = 0; s < 2; ++s) written = write_to(side_out_[s], json_text(to_json(side_reports_[s]))) && written;
    if (interrupted || c_.format != CompareFormat::text) say_answer_problems();
    if (interrupted) return written ? kExitOk : kExitIo;
    if (!answer_problems_.empty()) {
      Messages(err_, "ab")
          .errorf("NEW's answers differ from BASE's, or fail judging: its speed is no verdict (exit %d)",
                  kExitAnswersDiffer);
      return kExitAnswersDiffer;
    }
    if (!written) return kExitIo;
    if (over_budget_ && rounds_done_ < 6) return kExitUsage;  // a check that could not run must not pass in CI
    return slower ? 1 : kExitOk;
  }

  const AbCommand& c_;
  std::FILE* out_;
  std::FILE* err_;
  PassLink* link_;
  std::array<Side, 2> sides_;
  std::vector<std::string> datasets_;
  Report report_;  // its context: both sides'
  std::array<Report, 2> side_reports_;
  std::string clock_name_, other_context_, scratch_;
  int cpu_ = -1;
  std::size_t rounds_done_ = 0;
  int planned_ = 0, wanted_ = 0;
  double spread_ = 0;
  std::chrono::steady_clock::time_point start_;
  double warmup_seconds_ = 0, round_seconds_ = 0;  // the warm-up turn's; all rounds' together
  bool over_budget_ = false;                       // --max-seconds stopped the rounds
  std::vector<double> log_ratios_;
  std::vector<std::vector<double>> file_log_ratios_;  // [file][round]: what each pair's verdict is on
  std::vector<int> looks_;                            // the rounds at each look the rule made
  bool stopped_early_ = false;                        // a look before the last settled it
  std::vector<std::string> answer_problems_;
  std::unique_ptr<OutputFile> json_out_, markdown_out_, html_out_;
  std::array<std::unique_ptr<OutputFile>, 2> side_out_;
};

// ---- the supervisor ----

// The parent of ab's measuring child: it forwards the child's standard output, keeps each round
// the child sends, and when the child ends before it has written (a solver's exit(), a crash, a
// signal it sent itself, a hang), names the end and writes the rounds kept, with no verdict.
class AbSupervisor {
 public:
  AbSupervisor(const AbCommand& command, std::FILE* out, std::FILE* err, ChildWatch& watch)
      : ab_(command, out, err), out_(out), err_(err), watch_(watch) {
    ab_.prepare_parent();
  }

  void watch() {
    watch_.watch([this](LinkFrame type, std::string& text) { take(type, text); },
                 [this](int signal) {
                   Messages(err_, "ab")
                       .errorf("the measuring process was stopped by %s%s; continuing it",
                               plugin::signal_description(signal).c_str(),
                               label_.empty() ? "" : (" during " + label_).c_str());
                 });
  }

  int finish() {
    std::fflush(out_);
    if (watch_.clean()) return watch_.exit_status();  // it wrote every output, and said what it had to
    if (!head_) {
      Messages(err_, "ab").errorf("the measuring process %s before it measured anything", watch_.cause().c_str());
      return watch_.signal() ? kExitInterrupted + watch_.signal() : kExitSolverFault;
    }
    const std::string where = label_.empty() ? "" : ", during " + label_;
    const std::string cause = watch_.signal() ? "interrupted by signal " + std::to_string(watch_.signal()) +
                                                    " (the measuring process " + watch_.cause() + where + ")"
                                              : "the measuring process " + watch_.cause() + where;
    Messages(err_, "ab")
        .errorf("%s; no verdict: the %s measured before %s written, marked \"interrupted\": true", cause.c_str(),
                counted(ab_.rounds_done(), "round").c_str(), ab_.rounds_done() == 1 ? "is" : "are");
    return ab_.write_for_child(cause, watch_.signal() ? kExitInterrupted + watch_.signal() : kExitSolverFault);
  }

 private:
  void take(LinkFrame type, const std::string& text) {
    if (type == LinkFrame::starting) label_ = text;
    if (type == LinkFrame::answers && std::fwrite(text.data(), 1, text.size(), out_) != text.size()) watch_.stop();
    if (type != LinkFrame::progress) return;
    try {
      const nlohmann::ordered_json json = from_binary(text);
      if (json.contains("head")) head_ = true;
      ab_.take_round(json);
    } catch (const std::exception& e) {  // a round that cannot be read costs that round alone
      Messages(err_, "ab").errorf("a round the measuring process sent cannot be read (%s): left out", e.what());
    }
  }

  Ab ab_;
  std::FILE* out_;
  std::FILE* err_;
  ChildWatch& watch_;
  std::string label_;
  bool head_ = false;
};

// The measuring child: its standard output goes to the parent, which alone writes it.
int ab_in_child(const AbCommand& command, std::FILE* err, PassLink& link) {
  std::FILE* out = open_answers(link);
  if (!out) return kExitIo;
  const int status = Ab(command, out, err, &link).run();
  std::fclose(out);
  return status;
}

}  // namespace

int ab_command(const AbCommand& command, std::FILE* out, std::FILE* err) {
  return supervised(
      out, err, command.supervise, [&] { return Ab(command, out, err).run(); },
      [&](PassLink& link) { return ab_in_child(command, err, link); },
      [&](ChildWatch& watch) {
        AbSupervisor supervisor(command, out, err, watch);
        supervisor.watch();
        return supervisor.finish();
      });
}

}  // namespace sudoku_bench
