#include "run/interrupt.h"

#include <signal.h>
#include <unistd.h>

#include <csignal>
#include <cstdint>
#include <ctime>
#include <string>

#include "plugin/child_groups.h"
#include "plugin/stop_signals.h"
#include "stream/noise_probe.h"

namespace sudoku_bench {
namespace {

// Process-wide by nature: a signal is delivered to the process, not to a command.
std::atomic<bool> requested{false};
std::atomic<int> signal_number{0};
std::atomic<std::int64_t> first_at_ns{0};  // CLOCK_MONOTONIC when the first signal came
std::atomic<pid_t> told{0};                // a process to tell of the first request
std::atomic<pid_t> peer{0};                // what it sends is a copy of the request (same_request_from)
std::atomic<bool> second_held{false};      // a second request is noted, not the end of the process
std::atomic<bool> second{false};
std::atomic<bool> only_from_elsewhere{false};  // the request came from another rank, no signal here yet
std::atomic<bool> self_sent{false};            // the first signal came from this process itself
std::atomic<int> late_ms{0};                   // tests: each signal is taken this late (a loaded machine)
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free &&
                  std::atomic<pid_t>::is_always_lock_free && std::atomic<std::int64_t>::is_always_lock_free,
              "set from a signal handler");

// timeout(1) sends its signal to the command and then again to the command's process group,
// microseconds apart; a terminal's Ctrl-C reaches every process of the foreground group once. A
// signal this soon after the first is the same request, not the second that ends the process.
constexpr std::int64_t kSameRequestNs = 250'000'000;

std::int64_t monotonic_ns() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);  // async-signal-safe
  return static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

extern "C" void on_signal(int signal, siginfo_t* info, void*) {
  if (const int late = late_ms.load(std::memory_order_relaxed); late > 0) {
    const timespec pause{late / 1000, (late % 1000) * 1'000'000L};
    nanosleep(&pause, nullptr);  // async-signal-safe; the signals of the mask wait
  }
  const std::int64_t now = monotonic_ns();
  // Sent by a process (kill(), not the kernel or a terminal), and which one.
  const pid_t sender = info && info->si_code <= 0 ? info->si_pid : 0;
  if (!requested.load(std::memory_order_acquire)) {
    first_at_ns.store(now, std::memory_order_relaxed);
    // raise() or kill(getpid()): sent by code running here (a solver), not by a user or the kernel.
    self_sent.store(sender == getpid(), std::memory_order_relaxed);
    signal_number.store(signal, std::memory_order_relaxed);
    requested.store(true, std::memory_order_release);
    // Not back to the process that passed it on: it has the request already.
    if (const pid_t pid = told.load(std::memory_order_relaxed); pid > 0 && pid != sender) kill(pid, signal);
    return;
  }
  // The supervisor passing the request on to its child, or the child telling the supervisor: the
  // same request however late it comes. The window below cannot tell: a loaded machine runs one
  // side's handler long after the other's (0.3 to 0.7 s for an ASan child starved beside a busy
  // loop), and the child's copy then had it killed as a second request before it said what it had.
  if (sender > 0 && sender == peer.load(std::memory_order_relaxed)) return;
  // Another rank's interrupt came first (scancel signals every rank, not all at the same moment):
  // this rank's own signal is the same request, whenever it comes.
  if (only_from_elsewhere.exchange(false, std::memory_order_relaxed)) {
    first_at_ns.store(now, std::memory_order_relaxed);
    return;
  }
  if (now - first_at_ns.load(std::memory_order_relaxed) < kSameRequestNs) return;
  if (second_held.load(std::memory_order_relaxed)) {
    second.store(true, std::memory_order_release);
    return;
  }
  // A second request: the default action, which ends the process once this handler returns
  // (the signal is blocked while it runs, so the raised one waits until then). Its exec: programs
  // first: in process groups of their own, no terminal's or timeout's signal reaches them.
  plugin::kill_all_groups();
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(signal, &fallback, nullptr);
  raise(signal);
}

}  // namespace

void install_interrupt_handlers() {
  count_continues();  // a stop (Ctrl-Z) is no request to end, but disturbs the pass it falls in
  struct sigaction action {};
  action.sa_sigaction = on_signal;
  sigemptyset(&action.sa_mask);
  for (const int signal : plugin::kStopSignals) sigaddset(&action.sa_mask, signal);  // one handler at a time
  action.sa_flags = SA_SIGINFO;  // no SA_RESTART: a blocking call returns EINTR, so waits notice the request
  for (const int signal : plugin::kStopSignals) {
    // SIGHUP ignored when the command began (nohup) stays ignored, as its starter asked; not
    // SIGINT or SIGQUIT, which a shell ignores in every command it starts in the background.
    struct sigaction before {};
    if (signal == SIGHUP && sigaction(signal, nullptr, &before) == 0 && before.sa_handler == SIG_IGN) continue;
    sigaction(signal, &action, nullptr);
  }
}

const std::atomic<bool>& interrupt_requested() { return requested; }

void tell_of_interrupts(pid_t pid) { told.store(pid, std::memory_order_relaxed); }

void same_request_from(pid_t pid) { peer.store(pid, std::memory_order_relaxed); }

void take_signals_late(int ms) { late_ms.store(ms, std::memory_order_relaxed); }

void hold_second_request() { second_held.store(true, std::memory_order_relaxed); }

bool second_request() { return second.load(std::memory_order_acquire); }

int interrupt_signal() { return signal_number.load(std::memory_order_relaxed); }

bool interrupt_self_sent() { return self_sent.load(std::memory_order_relaxed); }

std::string self_sent_cause() {
  return "a solver sent signal " + std::to_string(interrupt_signal()) +
         " to its own process (raise() or kill(getpid())): nobody asked to stop, so it is the solver's fault";
}

void interrupt_from_elsewhere(int signal) {
  if (requested.load(std::memory_order_acquire)) return;
  only_from_elsewhere.store(true, std::memory_order_relaxed);
  simulate_interrupt(signal);
}

void simulate_interrupt(int signal) {
  if (signal == 0) only_from_elsewhere.store(false, std::memory_order_relaxed);
  signal_number.store(signal, std::memory_order_relaxed);
  first_at_ns.store(signal != 0 ? monotonic_ns() : 0, std::memory_order_relaxed);
  requested.store(signal != 0, std::memory_order_release);
}

}  // namespace sudoku_bench
