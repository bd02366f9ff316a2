#include "run/hunt_run.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "hunt/hunt_report.h"
#include "plugin/solver_policy.h"
#include "report/units.h"
#include "run/exit_codes.h"
#include "run/interrupt.h"
#include "run/pass_link.h"
#include "run/progress.h"
#include "stream/pipeline.h"
#include "stream/solver_specs.h"
#include "sudoku/grid.h"
#include "sudoku/parse.h"
#include "sys/io_error.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct FileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Start puzzles for the climb: the first field of every line that is not blank or a # comment,
// so that lines, csv (puzzle,solution) and checks (puzzle:count) files all serve, a hunt's own
// output included.
std::vector<sudoku::Grid> read_starts(const std::vector<std::string>& files, int box) {
  std::vector<sudoku::Grid> starts;
  for (const std::string& path : files) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw FileError(path + ": cannot open: " + std::strerror(errno));
    std::string line;
    for (std::uint64_t number = 1; std::getline(in, line); ++number) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty() || line[0] == '#') continue;
      const std::string field = line.substr(0, line.find_first_of(":,"));
      sudoku::Grid g;
      if (const sudoku::ParseResult r = sudoku::parse_record(field, g); !r)
        throw UsageError(path + ":" + std::to_string(number) + ": " + sudoku::describe(r));
      if (g.box != box)
        throw UsageError(path + ":" + std::to_string(number) + ": a " + std::to_string(g.side()) + "x" +
                         std::to_string(g.side()) + " puzzle; the hunt is for --box " + std::to_string(box));
      starts.push_back(g);
    }
    if (in.bad()) throw FileError(path + ": cannot read: " + std::strerror(errno));
  }
  if (!files.empty() && starts.empty()) throw UsageError("the FILE arguments hold no puzzle");
  return starts;
}

void write_all(std::FILE* f, const std::string& s, const std::string& name) {
  if (std::fwrite(s.data(), 1, s.size(), f) != s.size() || std::fflush(f) != 0)
    throw FileError(name + ": cannot write: " + std::strerror(errno));
}

// The solver to hunt with, refused where it cannot serve the hunt `options` ask for.
std::unique_ptr<sudoku::SolverFactory> hunting_solver(const SolverSpec& spec, const HuntOptions& options) {
  std::string error;
  auto factory = factory_for_spec(spec, error);
  if (!factory) throw UsageError(error);
  if (!policy_of(*factory).counts_solutions)
    throw UsageError(factory->name() + " finds no solutions and grows no trees");
  if (options.by == HuntMeasure::nodes && !factory->reports_tree_size())
    throw UsageError(factory->name() + " reports no tree sizes; hunt it --by time");
  if (!factory->supports(options.box))
    throw UsageError(factory->name() + " does not solve " + std::to_string(options.box * options.box) + "x" +
                     std::to_string(options.box * options.box) + " puzzles");
  return factory;
}

// Hunts with progress on `err` (a TTY only): a bounded hunt's share done, else its evaluations.
HuntResult hunt_with_progress(const sudoku::SolverFactory& factory, const HuntOptions& options, bool show,
                              std::FILE* err, const std::function<void(const HuntResult&)>& finds) {
  Progress progress(err, show);
  const bool bounded = options.evaluations > 0 || options.seconds > 0;
  progress.start("hunt", bounded ? 1'000'000 : 0);
  const char* unit = options.by == HuntMeasure::nodes ? " nodes" : " ns";
  const auto tick = [&](const HuntTick& t) {
    double done = 0;
    if (options.evaluations > 0)
      done = std::max(done, static_cast<double>(t.evaluations) / static_cast<double>(options.evaluations));
    if (options.seconds > 0) done = std::max(done, t.seconds / options.seconds);
    progress.update(t.evaluations, bounded ? std::max<std::uint64_t>(1, static_cast<std::uint64_t>(done * 1e6)) : 0, 0,
                    "best " + format_count(static_cast<double>(t.best)) + unit);
  };
  HuntResult result;
  try {
    result = hunt(factory, options, interrupt_requested(), tick, finds);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  progress.finish();
  return result;
}

// The supervisor's copy of the finds so far, as the checks file it writes should the hunting
// process end before it can: sent when the evaluations have grown.
std::function<void(const HuntResult&)> finds_to(PassLink* link, const HuntOptions& options, HuntContext context) {
  if (!link) return {};
  context.interrupted = true;  // the hunt did not end as asked, if this is what is written
  auto sent = std::make_shared<std::uint64_t>(0);
  return [=](const HuntResult& so_far) {
    if (so_far.evaluations == *sent) return;
    *sent = so_far.evaluations;
    link->progress({{"checks", hunt_checks_file(so_far, options, context)},
                    {"evaluations", so_far.evaluations},
                    {"found", so_far.top.size()}});
  };
}

}  // namespace

void write_checks(std::optional<OutputFile>& opened, const std::string& text, std::FILE* out) {
  if (!opened) return write_all(out, text, "<stdout>");
  try {
    opened->write(text);
    opened->commit();
  } catch (const IoError& e) {
    throw FileError(e.what());
  }
}

int hunt_command(const HuntCommand& command, std::FILE* out, std::FILE* err, PassLink* link) {
  HuntOptions options = command.options;
  options.threads = ThreadCount::given_or_all_cpus(command.threads);
  try {
    const auto factory = hunting_solver(command.solver, options);
    if (options.method == HuntMethod::random && !command.files.empty())
      throw UsageError("FILE arguments are start puzzles for --method climb");
    options.starts = read_starts(command.files, options.box);

    // Checked before the hunt, so that an output that cannot be written costs no hunt; after the
    // starts are read, so that a hunt may climb from its own earlier output, which is replaced
    // whole once the hunt is over (OutputFile).
    std::optional<OutputFile> opened;
    try {
      if (!command.out_path.empty()) opened.emplace(command.out_path, "--out");
    } catch (const IoError& e) {
      throw FileError(e.what());
    }
    if (opened)
      if (const std::string conflict = output_conflicts({&*opened}, {}); !conflict.empty()) throw UsageError(conflict);
    HuntContext context;
    context.command_line = command.command_line;
    context.solver = factory->implementation();
    const HuntResult result =
        hunt_with_progress(*factory, options, command.progress, err, finds_to(link, options, context));
    context.interrupted = interrupt_requested().load();
    write_checks(opened, hunt_checks_file(result, options, context), out);
    if (link) link->progress({{"written", true}});  // the supervisor's finds are no longer needed
    Messages(err, "hunt").say(MessageKind::summary, hunt_summary(result, options, context));
    if (context.interrupted && interrupt_self_sent()) {  // no user asked to stop
      Messages(err, "hunt").errorf("%s; the puzzles found before are written", self_sent_cause().c_str());
      return kExitSolverFault;
    }
    if (context.interrupted) return kExitInterrupted + interrupt_signal();
    return kExitOk;
  } catch (const UsageError& e) {
    Messages(err, "hunt").error(e.what());
    return kExitUsage;
  } catch (const FileError& e) {
    Messages(err, "hunt").error(e.what());
    return kExitIo;
  }
}

}  // namespace sudoku_bench
