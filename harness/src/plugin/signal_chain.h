#pragma once
// Handing a signal on to the handler that was installed before ours (a sanitizer's, the user's),
// shared by the plugin call guard and the mapped-input guard. Async-signal-safe.
#include <signal.h>

namespace sudoku_bench::signal_chain {

// Calls `before` if it is a handler; otherwise restores the default action and returns false,
// so the caller decides whether to re-raise (an asynchronous signal) or return into the fault.
inline bool pass_on(const struct sigaction& before, int signal, siginfo_t* info, void* context) {
  if ((before.sa_flags & SA_SIGINFO) && before.sa_sigaction) {
    before.sa_sigaction(signal, info, context);
    return true;
  }
  if (before.sa_handler != SIG_DFL && before.sa_handler != SIG_IGN && before.sa_handler) {
    before.sa_handler(signal);
    return true;
  }
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigaction(signal, &dfl, nullptr);
  return false;
}

}  // namespace sudoku_bench::signal_chain
