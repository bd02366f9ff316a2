#include "run/ab_measurer.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "report/report.h"
#include "run/exit_codes.h"
#include "run/interrupt.h"
#include "run/report_files.h"
#include "run/run.h"
#include "stream/input.h"
#include "stream/output_file.h"
#include "stream/pass.h"
#include "stream/per_puzzle_rows.h"
#include "stream/record_step.h"
#include "stream/solver_specs.h"
#include "sys/child_process.h"
#include "sys/cpu_set.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

constexpr const char* kScratchPrefix = "sudoku-bench-ab-";

// Scratch folders of ab processes that are gone (a SIGKILL runs no destructor): removed here,
// the next start, so that no ending leaves one for long.
void sweep_scratch(const std::filesystem::path& tmp) {
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

// How side `side` measures shard `shard` of a file; `rows`, when given, receives a row per record.
PassConfig pass_config(const AbCommand& c, const AbSide& side, const InputFile& input, int shard, PerPuzzleRows* rows) {
  PassConfig config;
  config.pipeline.threads = c.threads;
  take_shard(config.pipeline, input.size(), c.threads, shard, c.rule.shards);
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

}  // namespace

int pin_ab(const AbCommand& c, std::FILE* err, int& pinned) {
  pinned = -1;
  if (c.cpu == "none" || c.threads.get() > 1) {
    if (c.threads.get() > 1 && c.cpu != "none")
      Messages(err, "ab").notef("%d threads: not pinned to one CPU", c.threads.get());
    return kExitOk;
  }
  int cpu = -1;
  if (!c.cpu.empty()) {
    cpu = std::atoi(c.cpu.c_str());
  } else if (const std::vector<int> allowed = sys::allowed_cpus(); !allowed.empty()) {
    cpu = allowed.back();
  }
  if (cpu < 0) return kExitOk;
  if (const int error = sys::pin_to_cpu(cpu); error != 0) {
    if (!c.cpu.empty() && error == EINVAL) {
      Messages(err, "ab").errorf("--cpu %d: no such CPU", cpu);
      return kExitUsage;
    }
    Messages(err, "ab").errorf("cannot pin to CPU %d: %s", cpu, std::strerror(error));
    return c.cpu.empty() ? kExitIo : kExitUsage;
  }
  pinned = cpu;
  return kExitOk;
}

AbMeasurer::AbMeasurer(const AbCommand& command, const AbSides& sides, const std::vector<std::string>& datasets,
                       std::FILE* err, PassLink* link)
    : c_(command), sides_(sides), datasets_(datasets), err_(err), link_(link) {
  std::error_code ec;
  const std::filesystem::path tmp = std::filesystem::temp_directory_path(ec);
  sweep_scratch(tmp);
  scratch_ = tmp / (kScratchPrefix + std::to_string(getpid()));
  if (sides_.elsewhere()) std::filesystem::create_directories(scratch_);
}

AbMeasurer::~AbMeasurer() {
  std::error_code ec;
  std::filesystem::remove_all(scratch_, ec);
}

std::vector<MeasuredPass> AbMeasurer::measure_shard(int s, int shard, int round) {
  const AbSide& side = sides_[s];
  if (link_)  // where the supervisor says a solver ended the process: "round 3 shard 2/20 of NEW (new)"
    link_->starting((round ? "round " + std::to_string(round) + " shard " + std::to_string(shard) + "/" +
                                 std::to_string(c_.rule.shards)
                           : std::string("the warm-up turn")) +
                    " of " + kAbSideWord[s] + " (" + side.name + ")");
  if (!side.bench.empty()) return measure_elsewhere(s, shard, round);
  std::vector<MeasuredPass> passes;
  for (std::size_t f = 0; f < c_.files.size(); ++f) {
    InputFile input(c_.files[f]);
    MeasuredPass pass = measure_pass(input, *side.factory, pass_config(c_, side, input, shard, nullptr));
    pass.id.dataset = datasets_[f];
    pass.id.path = c_.files[f];
    pass.threads = c_.threads.get();
    pass.id.repetition = round;
    pass.id.solver = side.name;
    passes.push_back(std::move(pass));
  }
  return passes;
}

// tools/ab: the side is another build; its `run` measures the shard, pinned as this process is.
std::vector<MeasuredPass> AbMeasurer::measure_elsewhere(int s, int shard, int round) {
  const AbSide& side = sides_[s];
  const std::string report = scratch_ + "/shard.json";
  std::vector<std::string> args = {side.bench,
                                   "run",
                                   "--solver",
                                   side.spec.spec(),
                                   "--threads",
                                   std::to_string(c_.threads.get()),
                                   "--repetitions",
                                   "1",
                                   "--warmup-seconds",
                                   "0",
                                   "--min-time",
                                   "0",
                                   "--no-progress",
                                   "--json",
                                   report};
  if (c_.rule.shards > 1)
    args.insert(args.end(), {"--shard", std::to_string(shard) + "/" + std::to_string(c_.rule.shards)});
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
  std::vector<MeasuredPass> passes = std::move(read.front().passes);
  for (MeasuredPass& p : passes) {
    p.id.solver = side.name;
    p.id.repetition = round;
    p.id.run_id.clear();
  }
  if (other_context_.empty()) other_context_ = read.front().context.git_commit;
  return passes;
}

std::map<std::uint64_t, std::string> AbMeasurer::outcomes(int s, std::size_t f, int shard) {
  const AbSide& side = sides_[s];
  // A pass keeps each record's figures in its chunks only for a PerPuzzleRows: its CSV goes to
  // /dev/null, written in place, and the rows are read from the chunks as they come.
  OutputFile discard("/dev/null", "");
  PerPuzzleRows rows(discard);
  rows.start_pass(datasets_[f], c_.files[f], side.name, c_.threads.get(), 0, true, false);
  InputFile input(c_.files[f]);
  PassConfig config = pass_config(c_, side, input, shard, &rows);
  std::map<std::uint64_t, std::string> outcomes;  // line -> outcome
  config.on_chunk = [&](const Chunk& chunk) {
    for (const RecordFigures& row : chunk.rows)
      outcomes[chunk.first_line + row.line - 1] = outcome_name(static_cast<StepResult::Outcome>(row.outcome));
  };
  measure_pass(input, *side.factory, config);
  rows.close();
  return outcomes;
}

}  // namespace sudoku_bench
