#include "cli/interrupt.h"

#include <csignal>

namespace sudoku_bench {
namespace {

// Process-wide by nature: a signal is delivered to the process, not to a command.
std::atomic<bool> requested{false};
std::atomic<int> signal_number{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
              "set from a signal handler");

extern "C" void on_signal(int signal) {
  signal_number.store(signal, std::memory_order_relaxed);
  requested.store(true, std::memory_order_release);
}

}  // namespace

void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;  // the second signal takes the default action: stop now
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

const std::atomic<bool>& interrupt_requested() { return requested; }

int interrupt_signal() { return signal_number.load(std::memory_order_relaxed); }

void simulate_interrupt(int signal) {
  signal_number.store(signal, std::memory_order_relaxed);
  requested.store(signal != 0, std::memory_order_release);
}

}  // namespace sudoku_bench
