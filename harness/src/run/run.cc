#include "run/run.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>

#include "plugin/call_guard.h"
#include "report/context.h"
#include "report/context_fields.h"
#include "report/field_table.h"
#include "report/formats.h"
#include "report/report_table.h"
#include "report/settings_fields.h"
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
#include "run/solver_spec_list.h"
#include "stream/output_file.h"
#include "stream/puzzle_clock.h"
#include "stream/solver_specs.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

using Clock = std::chrono::steady_clock;

// The steps of a run's progress (Progress::plan): a warm-up reads its file again for
// --warmup-seconds, each pass cut there; a measured pass reads it again until --min-time.
enum StepKind : std::size_t { kWarmUp, kMeasured };

// The processes that measured a report, from its context.ranks (empty for one process).
std::string processes_text(std::size_t ranks) {
  return ranks == 0 ? "1 process" : std::to_string(ranks) + (ranks == 1 ? " rank" : " ranks");
}

// How `file` differs from the file `pass` read: "" when it is the same, or either is not known.
std::string changed_since(const MeasuredPass& pass, const std::string& file) {
  const std::optional<InputStamp> now = pass.input ? input_stamp(file) : std::nullopt;
  if (!now) return "";
  const InputStamp& was = *pass.input;
  if (now->size != was.size)
    return "it was " + std::to_string(was.size) + " bytes, it is " + std::to_string(now->size) + " bytes";
  if (now->fingerprint != was.fingerprint)
    return "its bytes differ (fingerprint " + was.fingerprint + ", now " + now->fingerprint + ")";
  if (now->modified_ns != was.modified_ns) return "it was written to since (its modification time changed)";
  return "";
}

// One `run`, step by step: check, plan, measure, write, and the exit status. Its state is what the
// steps hand on.
class Run {
 public:
  Run(const RunCommand& command, std::FILE* out, std::FILE* err, PassLink* link)
      : command_(command), out_(out), err_(err), link_(link), measuring_(pass_measuring(err)) {}

  // The command checked and the report's head made; kExitOk, or the exit status of a refusal.
  int start() {
    // Read before any solver is loaded: a plugin may move the working directory.
    if (const int status = read_resumed(); status != kExitOk) return status;
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
    thread_counts_ = command_.threads;
    if (thread_counts_.empty()) {
      for (int t = 1; t <= thread_count(0); ++t) thread_counts_.push_back(t);
      // Ranks bound to CPU sets of different sizes would plan different passes: rank 0's list holds.
      thread_counts_.resize(static_cast<std::size_t>(measuring_->agree(static_cast<int>(thread_counts_.size()))));
      for (int& t : thread_counts_) t = measuring_->agree(t);
    }
    plugin::set_slow_call_report(plugin::slow_call_report(command_.pass.step.solve));
    report_.context = collect_context();
    report_.run_id = new_run_id();  // each pass carries it: merge takes every measurement once
    report_.context.ranks = measuring_->machines(report_.context.machine());
    report_.settings = settings_of(command_, thread_counts_, solvers_);
    // Into the report before its head goes to a supervisor, which writes the JSON from it.
    if (command_.environment_warnings)
      report_.warnings = environment_warnings(report_.context.environment,
                                              *std::max_element(thread_counts_.begin(), thread_counts_.end()));
    if (const int status = check_resumed(); status != kExitOk) return status;
    progress_.emplace(err_, command_.progress && measuring_->leader());
    if (const int status = open_outputs(); status != kExitOk) return status;
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
      if (rows_out_) rows_ = std::make_unique<PerPuzzleRows>(*rows_out_);
      plan();
      keep_resumed();
      if (const int status = measure(); status != kExitOk) return status;
      mark_outliers(report_.runs);
      report_.interrupted =
          interrupted_.load() || measuring_->halted(interrupted_) || (fault_ && fault_->interrupted());
      if (measuring_->leader()) link_ ? hand_over() : write();
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
    for (const MeasuredPass& r : report_.runs) undecided |= r.status.undecided() > 0;
    const bool was_interrupted = report_.interrupted;
    if (report_out) *report_out = std::move(report_);
    int status = undecided ? kExitUndecided : kExitOk;
    const auto dropped = [&](const char* what) {
      Messages(err_, "run")
          .errorf("%s; that pass was dropped, the %zu measured before it are reported", what, measured_count_);
    };
    if (input_error_) {
      dropped(input_error_->what());
      return kExitIo;
    }
    if (output_failed_) return kExitIo;
    if (fault_ && !fault_->interrupted()) {
      dropped(fault_->what());
      return kExitSolverFault;
    }
    if (fault_) Messages(err_, "run").error(fault_->what());
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
    if (resumed_) {
      report_ = *resumed_;
    } else {
      report_.context = collect_context();
      report_.run_id = new_run_id();
      report_.settings = settings_of(command_, command_.threads, solvers_);
    }
    report_.interrupted = true;
    if (const int status = open_outputs(); status != kExitOk) return status;
    Messages(err_, "run")
        .errorf(
            "interrupted by signal %d before anything was measured (%s); the report says so: %s, \"interrupted\": true",
            signal, fault.what(),
            resumed_ ? ("the " + counted(report_.runs.size(), "pass", "passes") + " of --resume kept").c_str()
                     : "no pass");
    if (link_) {
      link_->head(report_);
      for (std::size_t i = 0; i < report_.runs.size(); ++i) link_->pass(i, report_.runs[i]);
      link_->end(true);
    } else {
      write();
    }
    return output_failed_ ? kExitIo : kExitInterrupted + signal;
  }

  // --resume: the report read, when there is one, by rank 0 alone (a rank on another node may not
  // see it), which decides for every rank which passes are kept (plan()).
  int read_resumed() {
    int status = kExitOk;
    if (!command_.resume.empty() && measuring_->leader()) {
      if (access(command_.resume.c_str(), F_OK) == 0) {
        std::vector<Report> reports;
        status = read_reports({command_.resume}, reports, "run", err_);
        if (status == kExitOk) resumed_ = std::move(reports.front());
      } else if (errno != ENOENT) {  // not "not there yet": a report that exists may not be lost
        Messages(err_, "run").errorf("--resume %s: %s", command_.resume.c_str(), std::strerror(errno));
        status = kExitIo;
      }
    }
    return measuring_->agree(status);
  }

  // The resumed report must come from this run's build, machine and settings, else its passes and
  // the new ones would not be one measurement.
  int check_resumed() {
    std::string problem;
    if (resumed_) problem = resumed_problem(*resumed_);
    if (!problem.empty())
      Messages(err_, "run")
          .errorf("--resume %s: the report %s; give another --json, or measure afresh", command_.resume.c_str(),
                  problem.c_str());
    return measuring_->agree(problem.empty() ? kExitOk : kExitUsage);
  }

  std::string resumed_problem(const Report& resumed) const {
    if (const auto* field = first_difference(context_fields(), resumed.context, report_.context, Agree::merge))
      return "comes from another build or machine: " +
             difference_text("context", *field, resumed.context, report_.context);
    if (resumed.context.ranks != report_.context.ranks)
      return "was measured by other ranks (" + processes_text(resumed.context.ranks.size()) + " against " +
             processes_text(report_.context.ranks.size()) + " here, or on other machines)";
    if (const auto* s = first_difference(settings_fields(), resumed.settings, report_.settings, Agree::merge))
      return "was measured with other settings: " + difference_text("settings", *s, resumed.settings, report_.settings);
    if (resumed.settings.solvers != report_.settings.solvers || resumed.settings.threads != report_.settings.threads ||
        resumed.settings.shard != report_.settings.shard ||
        resumed.settings.min_time_seconds != report_.settings.min_time_seconds)
      return "was measured with other solvers, thread counts, shard or --min-time";
    // Its passes would be dropped and the file overwritten with another run's: refused whole.
    for (const MeasuredPass& p : resumed.runs) {
      const auto given = std::find_if(command_.files.begin(), command_.files.end(),
                                      [&](const std::string& file) { return same_file(file, p.path); });
      if (given == command_.files.end()) return "measured other files (" + p.path + ", not given here)";
      // Passes of the old file and the new would be averaged as one file's.
      if (const std::string change = changed_since(p, *given); !change.empty())
        return "measured " + p.path + " as it was before it changed: " + change;
      if (p.repetition > command_.repetitions)
        return "holds repetition " + std::to_string(p.repetition) + " of " + p.dataset + " " + p.solver + " at " +
               std::to_string(p.threads) + " threads, which --repetitions " + std::to_string(command_.repetitions) +
               " would drop (a resumed report only gains passes: give --repetitions " +
               std::to_string(resumed.settings.repetitions) + " or more)";
    }
    return "";
  }

  // The complete pass of the resumed report that `planned` would measure again, or null; or with
  // `complete` false, its pass cut short.
  const MeasuredPass* kept_pass(const PlannedPass& planned, bool complete = true) const {
    if (!resumed_) return nullptr;
    const FileSolverPasses& passes = *arms_[planned.passes];
    for (const MeasuredPass& p : resumed_->runs)
      if (p.complete == complete && p.path == passes.file() && p.solver == passes.solver_name() &&
          p.threads == planned.threads && p.repetition == planned.repetition && p.ranks == measuring_->ranks())
        return &p;
    return nullptr;
  }

  // --resume: a pass the resumed report held cut short, not measured again this time (interrupted
  // again, or a pass lost before it), stays as it was: the report never loses a pass it had.
  void keep_unmeasured(std::vector<std::pair<std::size_t, MeasuredPass>>& measured, const std::vector<bool>& done) {
    for (std::size_t i = 0; i < plan_.size() && resumed_; ++i) {
      if (const MeasuredPass* cut = done[i] || (i < kept_.size() && kept_[i]) ? nullptr : kept_pass(plan_[i], false))
        take(measured, plan_[i], *cut);
    }
  }

  // A pass into the report, numbered in the order taken, and to the supervisor.
  void take(std::vector<std::pair<std::size_t, MeasuredPass>>& measured, const PlannedPass& planned,
            MeasuredPass pass) {
    pass.sequence = static_cast<int>(measured.size()) + 1;
    if (link_) link_->pass(planned.order, pass);
    measured.emplace_back(planned.order, std::move(pass));
  }

  // --resume: which planned passes are kept, as rank 0 found them, on every rank.
  void keep_resumed() {
    if (command_.resume.empty()) return;
    kept_.assign(plan_.size(), false);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < plan_.size(); ++i) {
      kept_[i] = measuring_->agree(kept_pass(plan_[i]) != nullptr) != 0;
      kept += kept_[i];
    }
    if (resumed_ && measuring_->leader())
      Messages(err_, "run")
          .errorf("--resume %s: %zu of %zu passes kept, %zu to measure", command_.resume.c_str(), kept, plan_.size(),
                  plan_.size() - kept);
  }

  // MPI ranks have no supervisor, and a rank that dies ends them all (mpirun, srun): rank 0 writes
  // the --json report again after every pass, marked interrupted until the end, so that every pass
  // measured before stays, for --resume.
  void checkpoint(const std::vector<std::pair<std::size_t, MeasuredPass>>& measured) {
    if (!measuring_->split() || !measuring_->leader() || checkpoint_failed_) return;
    std::vector<const std::pair<std::size_t, MeasuredPass>*> in_order;
    for (const auto& m : measured) in_order.push_back(&m);
    std::stable_sort(in_order.begin(), in_order.end(), [](auto* a, auto* b) { return a->first < b->first; });
    Report partial = report_;
    for (const auto* m : in_order) partial.runs.push_back(m->second);
    partial.interrupted = true;
    for (const ReportOutput& o : command_.outputs) {
      // Written once: standard output, a pipe, a FIFO or a device would get one report a pass.
      if (o.format != ReportFormat::json || o.path == "-" || read_once(o.path)) continue;
      try {
        OutputFile file(o.path, "--json");
        file.write(to_text_as(partial, o.format));
        file.commit();
      } catch (const IoError& e) {  // said once; the report is still written at the end
        Messages(err_, "run").warningf("%s: the passes so far are not kept as they are measured", e.what());
        checkpoint_failed_ = true;
      }
    }
  }

  // Every output is checked, and made ready, before anything is measured; only the leader writes.
  int open_outputs() {
    int status = kExitOk;
    if (measuring_->leader()) {
      try {
        // Checked here even under a supervisor, which writes them (nothing is made before writing).
        reports_out_.emplace(command_.outputs);
        // zlib's fastest level for the rows: the serial sink compresses them while passes are measured
        if (!command_.per_puzzle_path.empty()) rows_out_.emplace(command_.per_puzzle_path, "--per-puzzle", 1);
        std::vector<const OutputFile*> outputs = reports_out_->files();
        if (rows_out_) outputs.push_back(&*rows_out_);
        if (const std::string conflict = output_conflicts(outputs, command_.files); !conflict.empty()) {
          Messages(err_, "run").error(conflict);
          status = kExitUsage;
        }
      } catch (const IoError& e) {
        Messages(err_, "run").error(e.what());
        status = kExitIo;
      }
    }
    return measuring_->agree(status);
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
        for (const int threads : thread_counts_)
          for (int rep = 1; rep <= command_.repetitions; ++rep) plan_.push_back({arms_.size() - 1, threads, rep});
      }
    }
    for (std::size_t i = 0; i < plan_.size(); ++i) plan_[i].order = i;
    if (command_.interleave_seed) shuffle(plan_, *command_.interleave_seed);
    std::set<std::pair<std::size_t, int>> warm_ups;
    if (command_.warmup_seconds > 0)
      for (const PlannedPass& p : plan_) warm_ups.emplace(p.passes, p.threads);
    const double warmup = command_.warmup_seconds;
    progress_->plan({{warm_ups.size(), {warmup, warmup}}, {plan_.size(), {command_.min_time_seconds, 0}}});
  }

  // Unmeasured passes of `passes` at `threads` for --warmup-seconds, once per (arm, threads).
  void warm(std::size_t arm, int threads, const std::string& label) {
    if (command_.warmup_seconds <= 0 || !warmed_.emplace(arm, threads).second) return;
    progress_->step(label + " warm-up", kWarmUp);
    if (link_) link_->starting(label + " warm-up");
    try {
      const auto warm_until = Clock::now() + std::chrono::duration<double>(command_.warmup_seconds);
      while (Clock::now() < warm_until && !interrupted_) arms_[arm]->pass(threads, command_.warmup_seconds);
    } catch (const plugin::SolverFault& f) {
      fault_ = f;  // raised again as the measured pass starts: ranks reach it together
    }
  }

  // The plan's passes in turn, until the end, an interrupt, or a pass lost; the report gets them
  // in the command line's order.
  int measure() {
    std::vector<std::pair<std::size_t, MeasuredPass>> measured;
    // --resume: the passes kept come first, whatever ends the measuring (rank 0 has them).
    for (std::size_t i = 0; i < kept_.size(); ++i)
      if (const MeasuredPass* kept = kept_[i] ? kept_pass(plan_[i]) : nullptr) take(measured, plan_[i], *kept);
    std::vector<bool> done(plan_.size(), false);
    for (std::size_t i = 0; i < plan_.size(); ++i) {
      const PlannedPass& planned = plan_[i];
      if (measuring_->halted(interrupted_)) break;
      if (i < kept_.size() && kept_[i]) continue;
      FileSolverPasses& passes = *arms_[planned.passes];
      const std::string label = passes.label(planned.threads);
      warm(planned.passes, planned.threads, label);
      if (measuring_->halted(interrupted_)) break;
      const std::string rep = " rep " + std::to_string(planned.repetition) + "/" + std::to_string(command_.repetitions);
      if (link_) link_->starting(label + rep);
      progress_->step(label + rep, kMeasured);
      MeasuredPass pass;
      const auto outcome = measuring_->measure(
          [&](ChunkDealer* dealer) {
            if (fault_) throw *fault_;
            return passes.measured(planned.threads, planned.repetition, rows_.get(), dealer);
          },
          interrupted_, pass, fault_, input_error_);
      if (outcome == PassMeasuring::Measured::failed) return measuring_->agree(kExitIo);
      if (outcome == PassMeasuring::Measured::elsewhere) continue;
      if (outcome == PassMeasuring::Measured::lost) {  // the passes before it are kept and written
        progress_->finish();
        if (rows_) rows_->drop_pass();  // and the rows of those alone
        break;
      }
      pass.run_id = report_.run_id;  // the supervisor writes it: it knows no run id of its own
      if (rows_) {
        const std::uint64_t rows_bytes = rows_->settle();  // where a pass lost later cuts them back to
        if (link_) link_->rows(rows_bytes);
      }
      take(measured, planned, std::move(pass));
      done[i] = true;
      checkpoint(measured);
    }
    keep_unmeasured(measured, done);
    std::stable_sort(measured.begin(), measured.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [place, pass] : measured) report_.runs.push_back(std::move(pass));
    measured_count_ = measured.size();
    return kExitOk;
  }

  // The table, then each output; each fails alone, named, and the others are still written.
  void write() {
    // Standard output holds a report written there, alone: the table goes to stderr then.
    std::FILE* table = reports_out_->writes_stdout() ? err_ : out_;
    print_table(table, report_);
    std::fflush(table);
    const auto attempt = [&](auto&& write) {
      try {
        write();
      } catch (const IoError& e) {
        Messages(err_, "run").error(e.what());
        output_failed_ = true;
      }
    };
    if (rows_) attempt([&] { rows_->close(); });
    if (!reports_out_->write(report_, out_, err_, "run")) output_failed_ = true;
  }

  // Under a supervisor: the per-puzzle rows are closed here, the rest is the supervisor's to write.
  void hand_over() {
    try {
      if (rows_) rows_->close();
    } catch (const IoError& e) {
      Messages(err_, "run").error(e.what());
      output_failed_ = true;
    }
    link_->end(report_.interrupted);
  }

  const RunCommand& command_;
  std::FILE* out_;
  std::FILE* err_;
  PassLink* link_;  // the supervisor's, or null
  const std::unique_ptr<PassMeasuring> measuring_;
  const std::atomic<bool>& interrupted_ = interrupt_requested();
  std::vector<SpecFactory> solvers_;
  std::unique_ptr<sudoku::SolverFactory> reference_;
  std::vector<int> thread_counts_;
  Report report_;
  std::optional<Progress> progress_;
  std::optional<ReportOutputs> reports_out_;
  std::optional<OutputFile> rows_out_;
  std::unique_ptr<PerPuzzleRows> rows_;
  std::map<std::string, FileIdentity> identities_;  // every input as the run began
  std::vector<std::unique_ptr<FileSolverPasses>> arms_;
  std::vector<PlannedPass> plan_;
  std::set<std::pair<std::size_t, int>> warmed_;  // (arm, threads)
  std::optional<plugin::SolverFault> fault_;      // a solver that crashed, threw or was stopped mid-call
  std::optional<IoError> input_error_;            // an input that failed mid-run: the passes before it are kept
  std::size_t measured_count_ = 0;
  std::optional<Report> resumed_;  // --resume: rank 0's
  std::vector<bool> kept_;         // --resume: the planned passes kept (in plan_'s order), on every rank
  bool checkpoint_failed_ = false;
  bool output_failed_ = false;
};

}  // namespace

bool unmeasured_report(const RunCommand& command, Report& report, std::FILE* err) {
  if (!command.resume.empty() && access(command.resume.c_str(), F_OK) == 0) {
    std::vector<Report> resumed;
    if (read_reports({command.resume}, resumed, "run", err) != kExitOk) return false;
    report = std::move(resumed.front());
  } else {
    report.context = collect_context();
    report.settings.solvers = command.solvers;
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
