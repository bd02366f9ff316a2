#include "run/run.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>

#include "plugin/call_guard.h"
#include "report/context.h"
#include "report/formats.h"
#include "report/solver_identity.h"
#include "report/units.h"
#include "run/exit_codes.h"
#include "run/interrupt.h"
#include "run/pass_link.h"
#include "run/pass_measuring.h"
#include "run/problems.h"
#include "run/progress.h"
#include "run/report_files.h"
#include "run/run_plan.h"
#include "run/run_resume.h"
#include "run/run_writer.h"
#include "run/spec_identity.h"
#include "stream/puzzle_clock.h"
#include "stream/solver_specs.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

using Clock = std::chrono::steady_clock;

// The steps of a run's progress (Progress::plan): a warm-up reads its file again for
// --warmup-seconds, each pass cut there; a measured pass reads it again until --min-time.
enum StepKind : std::size_t { kWarmUp, kMeasured };

// What ended the measuring before its end, for the exit status.
struct RunStop {
  std::optional<plugin::SolverFault> fault;  // a solver that crashed, threw or was stopped mid-call
  std::optional<IoError> input_error;        // an input that failed mid-run: the passes before it are kept
};

// One `run`, step by step: check, plan, measure, write, and the exit status. Its state is what the
// steps hand on.
class Run {
 public:
  Run(const RunCommand& command, std::FILE* out, std::FILE* err, PassLink* link)
      : command_(command),
        err_(err),
        link_(link),
        measuring_(pass_measuring(err)),
        resume_(command, *measuring_, err),
        outputs_(command, *measuring_, out, err) {}

  // The command checked and the report's head made; kExitOk, or the exit status of a refusal.
  int start() {
    // Read before any solver is loaded: a plugin may move the working directory.
    if (const int status = resume_.read(); status != kExitOk) return status;
    std::vector<std::string> notes;
    std::string problem;
    try {
      problem = validate(command_, measuring_->split(), solvers_, reference_, notes);
    } catch (const plugin::SolverFault& f) {
      // A signal while a plugin was loaded or checked (its reentrancy): nothing measured, said so.
      if (!f.interrupted() || measuring_->split()) throw;
      return interrupted_at_start(f);
    }
    if (!problem.empty()) {
      // Every rank was given the same command line: rank 0 speaks for them.
      if (measuring_->leader()) Messages(err_, "run").error(problem);
      return kExitUsage;
    }
    if (measuring_->leader())
      for (const std::string& note : notes) Messages(err_, "run").note(note);
    std::vector<ThreadCount> thread_counts = thread_counts_of(command_);  // into the settings, which plan() reads
    if (command_.threads.empty()) {
      // Ranks bound to CPU sets of different sizes would plan different passes: rank 0's list holds.
      thread_counts.resize(static_cast<std::size_t>(measuring_->agree(static_cast<int>(thread_counts.size()))));
      for (ThreadCount& t : thread_counts) t = ThreadCount::of(measuring_->agree(t.get())).value();
    }
    plugin::set_slow_call_report(plugin::slow_call_report(command_.pass.step.solve));
    report_.context = collect_context();
    report_.run_id = new_run_id();  // each pass carries it: merge takes every measurement once
    report_.context.ranks = measuring_->machines(report_.context.machine());
    report_.settings = settings_of(command_, thread_counts, solvers_);
    // Into the report before its head goes to a supervisor, which writes the JSON from it.
    if (command_.environment_warnings)
      report_.warnings = environment_warnings(report_.context.environment,
                                              std::max_element(thread_counts.begin(), thread_counts.end())->get());
    if (const int status = resume_.check(report_); status != kExitOk) return status;
    progress_.emplace(err_, command_.supervision.progress && measuring_->leader());
    if (const int status = outputs_.open(); status != kExitOk) return status;
    const int status = measuring_->open_inputs(command_.files, identities_);
    if (status == kExitOk && link_) link_->head(report_);
    return status;
  }

  // Measures every planned pass, prints the table and writes the outputs; kExitOk, or the exit
  // status of a failure that ended the run.
  int measure_and_write() {
    try {
      // What about this machine skews what follows (governor, load, too few CPUs), once it will run.
      if (measuring_->leader())
        for (const std::string& w : report_.warnings) Messages(err_, "run").warning(w);
      outputs_.start_rows();
      plan();
      resume_.keep(plan_, arms_);
      if (const int status = measure(); status != kExitOk) return status;
      mark_outliers(report_.passes);
      report_.interrupted = interrupt_requested().load() || measuring_->halted(interrupt_requested()) ||
                            (stop_.fault && stop_.fault->interrupted());
      if (measuring_->leader()) link_ ? outputs_.hand_over(*link_, report_.interrupted) : outputs_.write(report_);
    } catch (const IoError& e) {
      progress_->finish();
      Messages(err_, "run").error(e.what());
      // Only rank 0 writes, after every rank has measured: the others are waiting for its status.
      return measuring_->agree(kExitIo);
    }
    return kExitOk;
  }

  // The exit status: what went wrong first, else undecided records, else the interrupt's signal.
  int finish(Report* report_out) {
    bool undecided = false;
    for (const MeasuredPass& r : report_.passes) undecided |= r.status.undecided() > 0;
    const bool was_interrupted = report_.interrupted;
    const std::size_t measured = report_.passes.size();
    if (report_out) *report_out = std::move(report_);
    int status = undecided ? kExitUndecided : kExitOk;
    const auto dropped = [&](const char* what) {
      Messages(err_, "run")
          .errorf("%s; that pass was dropped, the %zu measured before it are reported", what, measured);
    };
    if (stop_.input_error) {
      dropped(stop_.input_error->what());
      return kExitIo;
    }
    if (outputs_.failed()) return kExitIo;
    if (stop_.fault && !stop_.fault->interrupted()) {
      dropped(stop_.fault->what());
      return kExitSolverFault;
    }
    if (stop_.fault) Messages(err_, "run").error(stop_.fault->what());
    if (was_interrupted && interrupt_self_sent()) {
      Messages(err_, "run").errorf("%s; the passes measured before it are reported", self_sent_cause().c_str());
      return measuring_->agree(kExitSolverFault);
    }
    if (was_interrupted) {
      // Under MPI another rank may have been the one interrupted: its signal is not known here.
      const int signal = interrupt_signal() ? interrupt_signal() : SIGINT;
      if (measuring_->leader())
        Messages(err_, "run")
            .errorf("interrupted by signal %d%s; the report holds what was measured%s", signal,
                    interrupt_signal() ? "" : " (on another rank)",
                    command_.outputs.empty() ? "" : " and is marked \"interrupted\": true");
      status = kExitInterrupted + signal;
    }
    return measuring_->agree(status);
  }

 private:
  // An interrupt before anything was measured: every output written all the same, holding no
  // pass and marked interrupted, so that a script finds a report that says what happened.
  // With --resume, the report resumed is written as it was, every pass kept: `--resume R.json
  // --json R.json` must never lose what R.json held.
  int interrupted_at_start(const plugin::SolverFault& fault) {
    const int signal = interrupt_signal() ? interrupt_signal() : SIGINT;
    const std::optional<Report>& resumed = resume_.report();
    if (resumed) {
      report_ = *resumed;
    } else {
      report_.context = collect_context();
      report_.run_id = new_run_id();
      report_.settings = settings_of(command_, thread_counts_of(command_), solvers_);
    }
    report_.interrupted = true;
    if (const int status = outputs_.open(); status != kExitOk) return status;
    Messages(err_, "run")
        .errorf(
            "interrupted by signal %d before anything was measured (%s); the report says so: %s, \"interrupted\": true",
            signal, fault.what(),
            resumed ? ("the " + counted(report_.passes.size(), "pass", "passes") + " of --resume kept").c_str()
                    : "no pass");
    if (link_) {
      link_->head(report_);
      for (std::size_t i = 0; i < report_.passes.size(); ++i) link_->pass(i, report_.passes[i]);
      link_->end(true);
    } else {
      outputs_.write(report_);
    }
    return outputs_.failed() ? kExitIo : kExitInterrupted + signal;
  }

  // --resume: a pass the resumed report held cut short, not measured again this time (interrupted
  // again, or a pass lost before it), stays as it was: the report never loses a pass it had.
  void keep_unmeasured(std::vector<std::pair<std::size_t, MeasuredPass>>& measured, const std::vector<bool>& done) {
    for (std::size_t i = 0; i < plan_.size() && resume_.report(); ++i) {
      const PlannedPass& planned = plan_[i];
      if (const MeasuredPass* cut = done[i] || resume_.kept(i) ? nullptr : resume_.pass(planned, arm(planned), false))
        take(measured, planned, *cut);
    }
  }

  // A pass into the report, numbered in the order taken, and to the supervisor.
  void take(std::vector<std::pair<std::size_t, MeasuredPass>>& measured, const PlannedPass& planned,
            MeasuredPass pass) {
    pass.id.sequence = static_cast<int>(measured.size()) + 1;
    if (link_) link_->pass(planned.order, pass);
    measured.emplace_back(planned.order, std::move(pass));
  }

  // Every (file, solver) keeps its own passes' state; the plan lists the measured passes in the
  // order of the command line, which --interleave shuffles and the report restores.
  void plan() {
    const Settings::Shard shard = measuring_->shard(command_.shard);
    const std::vector<std::string> datasets = dataset_names(command_.files);
    for (std::size_t f = 0; f < command_.files.size(); ++f) {
      const std::string& file = command_.files[f];
      for (const SpecFactory& solver : solvers_) {
        arms_.push_back(
            std::make_unique<FileSolverPasses>(command_, file, solver, reference_.get(), shard, *progress_, err_,
                                               identities_.count(file) ? &identities_.at(file) : nullptr, datasets[f]));
        // start()'s thread counts, each a ThreadCount's: value() cannot throw.
        for (const int threads : report_.settings.threads)
          for (int rep = 1; rep <= command_.repeats.repetitions; ++rep)
            plan_.push_back({arms_.size() - 1, ThreadCount::of(threads).value(), rep});
      }
    }
    for (std::size_t i = 0; i < plan_.size(); ++i) plan_[i].order = i;
    if (command_.repeats.interleave_seed) shuffle(plan_, *command_.repeats.interleave_seed);
    std::set<std::pair<std::size_t, ThreadCount>> warm_ups;
    if (command_.repeats.warmup_seconds > 0)
      for (const PlannedPass& p : plan_) warm_ups.emplace(p.passes, p.threads);
    const double warmup = command_.repeats.warmup_seconds;
    progress_->plan({{warm_ups.size(), {warmup, warmup}}, {plan_.size(), {command_.repeats.min_time_seconds, 0}}});
  }

  // Unmeasured passes of `passes` at `threads` for --warmup-seconds, once per (arm, threads).
  void warm(std::size_t arm, ThreadCount threads, const std::string& label) {
    if (command_.repeats.warmup_seconds <= 0 || !warmed_.emplace(arm, threads).second) return;
    progress_->step(label + " warm-up", kWarmUp);
    if (link_) link_->starting(label + " warm-up");
    try {
      const auto warm_until = Clock::now() + std::chrono::duration<double>(command_.repeats.warmup_seconds);
      while (Clock::now() < warm_until && !interrupt_requested())
        arms_[arm]->pass(threads, command_.repeats.warmup_seconds);
    } catch (const plugin::SolverFault& f) {
      stop_.fault = f;  // raised again as the measured pass starts: ranks reach it together
    }
  }

  // The plan's passes in turn, until the end, an interrupt, or a pass lost; the report gets them
  // in the command line's order.
  int measure() {
    std::vector<std::pair<std::size_t, MeasuredPass>> measured;
    // --resume: the passes kept come first, whatever ends the measuring (rank 0 has them).
    for (std::size_t i = 0; i < plan_.size(); ++i)
      if (const MeasuredPass* kept = resume_.kept(i) ? resume_.pass(plan_[i], arm(plan_[i])) : nullptr)
        take(measured, plan_[i], *kept);
    std::vector<bool> done(plan_.size(), false);
    for (std::size_t i = 0; i < plan_.size(); ++i) {
      const PlannedPass& planned = plan_[i];
      if (measuring_->halted(interrupt_requested())) break;
      if (resume_.kept(i)) continue;
      FileSolverPasses& passes = *arms_[planned.passes];
      const std::string label = passes.label(planned.threads);
      warm(planned.passes, planned.threads, label);
      if (measuring_->halted(interrupt_requested())) break;
      const std::string rep =
          " rep " + std::to_string(planned.repetition) + "/" + std::to_string(command_.repeats.repetitions);
      if (link_) link_->starting(label + rep);
      progress_->step(label + rep, kMeasured);
      MeasuredPass pass;
      const auto outcome = measuring_->measure(
          [&](ChunkDealer* dealer) {
            if (stop_.fault) throw *stop_.fault;
            return passes.measured(planned.threads, planned.repetition, outputs_.rows(), dealer);
          },
          interrupt_requested(), pass, stop_.fault, stop_.input_error);
      if (outcome == PassMeasuring::Measured::failed) return measuring_->agree(kExitIo);
      if (outcome == PassMeasuring::Measured::elsewhere) continue;
      if (outcome == PassMeasuring::Measured::lost) {  // the passes before it are kept and written
        progress_->finish();
        if (outputs_.rows()) outputs_.rows()->drop_pass();  // and the rows of those alone
        break;
      }
      pass.id.run_id = report_.run_id;  // the supervisor writes it: it knows no run id of its own
      if (PerPuzzleRows* rows = outputs_.rows()) {
        const std::uint64_t rows_bytes = rows->settle();  // where a pass lost later cuts them back to
        if (link_) link_->rows(rows_bytes);
      }
      take(measured, planned, std::move(pass));
      done[i] = true;
      outputs_.checkpoint(report_, measured);
    }
    keep_unmeasured(measured, done);
    std::stable_sort(measured.begin(), measured.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [place, pass] : measured) report_.passes.push_back(std::move(pass));
    return kExitOk;
  }

  // The passes of plan `planned` belongs to.
  const FileSolverPasses& arm(const PlannedPass& planned) const { return *arms_[planned.passes]; }

  const RunCommand& command_;
  std::FILE* err_;
  PassLink* link_;  // the supervisor's, or null
  const std::unique_ptr<PassMeasuring> measuring_;
  std::vector<SpecFactory> solvers_;
  std::unique_ptr<sudoku::SolverFactory> reference_;
  Report report_;
  std::optional<Progress> progress_;
  std::map<std::string, FileIdentity> identities_;  // every input as the run began
  std::vector<std::unique_ptr<FileSolverPasses>> arms_;
  std::vector<PlannedPass> plan_;
  std::set<std::pair<std::size_t, ThreadCount>> warmed_;  // (arm, threads)
  RunStop stop_;
  RunResume resume_;
  RunWriter outputs_;
};

}  // namespace

bool unmeasured_report(const RunCommand& command, Report& report, std::FILE* err) {
  if (!command.resume.empty() && access(command.resume.c_str(), F_OK) == 0) {
    std::vector<Report> resumed;
    if (read_reports({command.resume}, resumed, "run", err) != kExitOk) return false;
    report = std::move(resumed.front());
  } else {
    report.context = collect_context();
    report.settings.solvers = given_texts(command.solvers);
    report.settings.threads = thread_numbers(thread_counts_of(command));
  }
  report.interrupted = true;
  return true;
}

int run_command(const RunCommand& command, std::FILE* out, std::FILE* err, Report* report_out, PassLink* link) {
  Run run(command, out, err, link);
  if (const int status = run.start(); status != kExitOk) return status;
  if (const int status = run.measure_and_write(); status != kExitOk) return status;
  return run.finish(report_out);
}

}  // namespace sudoku_bench
