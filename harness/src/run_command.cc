#include "sudoku_bench/run_command.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "sudoku/strategies.h"
#include "sudoku_bench/exit_codes.h"
#include "sudoku_bench/measure.h"
#include "sudoku_bench/progress.h"
#include "sudoku_bench/report_json.h"
#include "sudoku_bench/report_table.h"

namespace sudoku_bench {
namespace {

constexpr std::uint64_t kInvalidShown = 20;  // per file and solver; the rest are counted

struct Solver {
  std::string spec;
  std::unique_ptr<sudoku::SolverFactory> factory;
};

// Checks everything that can be checked before minutes of measuring; returns "" when fine.
std::string validate(const RunCommand& c, std::vector<Solver>& solvers) {
  if (c.files.empty()) return "no input files";
  if (c.repetitions < 1) return "--repetitions must be at least 1";
  if (!(c.warmup_seconds >= 0)) return "--warmup-seconds must be 0 or more";
  for (const std::string& f : c.files) {
    if (f == "-" && (c.files.size() > 1 || c.repetitions * c.solvers.size() * std::max<std::size_t>(c.threads.size(), 1) > 1 ||
                     c.warmup_seconds > 0))
      return "standard input can be read only once: use it alone, with one solver, one thread count, "
             "--repetitions 1 and --warmup-seconds 0";
  }
  for (const std::string& spec : c.solvers) {
    std::string error;
    auto factory = sudoku::make_solver_factory(spec, error);
    if (!factory) return error;
    solvers.push_back({spec, std::move(factory)});
  }
  return {};
}

}  // namespace

int run_command(const RunCommand& command, std::FILE* out, std::FILE* err, Report* report_out) {
  std::vector<Solver> solvers;
  if (const std::string problem = validate(command, solvers); !problem.empty()) {
    std::fprintf(err, "sudoku-bench run: %s\n", problem.c_str());
    return kExitUsage;
  }
  std::vector<int> thread_counts = command.threads;
  if (thread_counts.empty())
    for (int t = 1; t <= static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); ++t) thread_counts.push_back(t);

  Report report;
  report.context = collect_context();
  report.settings = {command.solvers, thread_counts, command.repetitions, command.warmup_seconds, 2, command.node_limit};
  Progress progress(err, command.progress);
  bool any_invalid = false;

  try {
    for (const std::string& f : command.files) InputFile check(f);  // fail before measuring anything

    for (const std::string& file : command.files) {
      std::uint64_t known_records = 0;  // learnt from the first complete pass
      for (const Solver& solver : solvers) {
        std::uint64_t invalid_reported = 0;
        bool invalid_pending = true;  // the first measured pass names the invalid records
        // One pass over the file; `budget` > 0 stops reading once that many seconds have passed.
        const auto pass = [&](int threads, const std::string& label, double budget) {
          const bool report_invalid = budget == 0 && invalid_pending;
          InputFile input(file);
          std::atomic<bool> stop{false};
          const auto started = std::chrono::steady_clock::now();
          PassConfig config;
          config.threads = threads;
          config.solve.max_solutions = 2;
          config.solve.max_nodes = command.node_limit;
          config.expected_records = known_records ? known_records : input.size() / 82;
          config.stop = &stop;
          config.report_invalid = report_invalid;
          std::uint64_t done = 0;
          progress.start(label, input.size());
          config.on_chunk = [&](const Chunk& chunk) {
            done += chunk.tally.records();
            if (!chunk.err.empty() && invalid_reported < kInvalidShown) {
              progress.finish();
              std::size_t pos = 0;
              while (pos < chunk.err.size() && invalid_reported < kInvalidShown) {
                const std::size_t nl = chunk.err.find('\n', pos);
                std::fwrite(chunk.err.data() + pos, 1, nl + 1 - pos, err);
                pos = nl + 1;
                ++invalid_reported;
              }
            }
            progress.update(done, chunk.input_position);
            if (budget > 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() >= budget)
              stop.store(true, std::memory_order_relaxed);
          };
          PassResult result = measure_pass(input, *solver.factory, config);
          progress.finish();
          if (report_invalid) {
            invalid_pending = false;
            if (result.tally.invalid > invalid_reported)
              std::fprintf(err, "%s: %llu more invalid records not shown\n", input.name().c_str(),
                           static_cast<unsigned long long>(result.tally.invalid - invalid_reported));
          }
          if (!stop.load()) known_records = result.tally.records();
          any_invalid |= result.tally.invalid > 0;
          return result;
        };

        for (const int threads : thread_counts) {
          const std::string name = dataset_name(file);
          const std::string label = name + " " + solver.spec + " threads=" + std::to_string(threads);
          if (command.warmup_seconds > 0) {
            const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(command.warmup_seconds);
            do {
              pass(threads, label + " warm-up", command.warmup_seconds);
            } while (std::chrono::steady_clock::now() < until);
          }
          for (int rep = 1; rep <= command.repetitions; ++rep) {
            const PassResult r = pass(threads, label + " rep " + std::to_string(rep) + "/" + std::to_string(command.repetitions), 0);
            RunRecord record;
            record.dataset = name;
            record.path = file;
            record.solver = solver.factory->name();
            record.threads = threads;
            record.threads_observed = r.threads_observed;
            record.repetition = rep;
            record.status = r.tally;
            record.wall_seconds = r.wall_seconds;
            record.latency_ns = summarize(r.latency_ns);
            record.tree_size = summarize(r.nodes);
            record.guesses = summarize(r.guesses);
            report.runs.push_back(std::move(record));
          }
        }
      }
    }
    print_table(out, report);
    std::fflush(out);
    if (!command.json_path.empty()) write_json_file(command.json_path, to_json(report));
  } catch (const IoError& e) {
    progress.finish();
    std::fprintf(err, "sudoku-bench run: %s\n", e.what());
    return kExitIo;
  }
  if (report_out) *report_out = std::move(report);
  return any_invalid ? kExitInvalidRecords : kExitOk;
}

}  // namespace sudoku_bench
