#include "plugin/call_guard.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "plugin/quoted_output.h"
#include "plugin/signal_chain.h"
#include "sys/message.h"

namespace sudoku_bench::plugin {
namespace {

// The signals a crashing plugin raises, and the one the watchdog sends to stop a call (SIGURG:
// ignored by default, so one that arrives after the call ended harms nothing).
constexpr int kFaultSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
constexpr int kStopSignal = SIGURG;
constexpr auto kTick = std::chrono::milliseconds(100);

// A thread that has made guarded calls: its slot, its alternate signal stack (a stack overflow in
// the plugin must still find a stack to run the handler on) and the watchdog's notes on it.
struct ThreadSlot {
  CallSlot slot;
  pthread_t thread = pthread_self();
  std::vector<char> alt_stack;
  // The watchdog's alone (under the registry's mutex).
  std::uint64_t seen_calls = 0;
  std::chrono::steady_clock::duration stuck{0}, next_report{0};
};

struct Registry {
  std::mutex mutex;
  std::vector<ThreadSlot*> threads;
  std::atomic<const std::atomic<bool>*> interrupt{nullptr};
  std::atomic<std::int64_t> report_after_ms{10000};
  struct sigaction previous[NSIG] {};
};

// Never destroyed: the watchdog and late thread exits may use it while static destructors run.
Registry& registry() {
  static Registry* r = new Registry;
  return *r;
}

// What a thread that ended inside a call was solving (exit() from a plugin runs the calling
// thread's thread_local destructors before the exit handlers that ask calls_in_progress()).
std::string* ended_in_call = nullptr;

// The calling thread's slot, registered on first use and unregistered when the thread ends.
struct ThreadSlotOwner {
  ThreadSlot* slot = nullptr;
  ~ThreadSlotOwner() {
    if (!slot) return;
    const std::string* solver = slot->slot.solver.load(std::memory_order_relaxed);
    const char* puzzle = slot->slot.puzzle.load(std::memory_order_relaxed);
    if ((slot->slot.calls.load(std::memory_order_relaxed) & 1) != 0 && solver && puzzle)
      ended_in_call = new std::string(*solver + " was solving " + puzzle);
    stack_t off{};
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, nullptr);
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    r.threads.erase(std::remove(r.threads.begin(), r.threads.end(), slot), r.threads.end());
    delete slot;
  }
};
thread_local ThreadSlotOwner owner;
// Read by the signal handler: a plain pointer in static TLS, safe to read there.
thread_local ThreadSlot* current_thread = nullptr;

extern "C" void on_plugin_signal(int signal, siginfo_t* info, void* context) {
  ThreadSlot* t = current_thread;
  if (t && (t->slot.calls.load(std::memory_order_relaxed) & 1) != 0) {
    t->slot.signal.store(signal, std::memory_order_relaxed);
    siglongjmp(t->slot.jump, 1);
  }
  if (signal == kStopSignal) return;  // the call ended before the signal came
  // Not a plugin's fault: the handler that was there before (a sanitizer's) or the default.
  if (signal_chain::pass_on(registry().previous[signal], signal, info, context)) return;
  raise(signal);  // a synchronous fault returns into the faulting instruction and dies there
}

void watch();

void install_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    Registry& r = registry();
    struct sigaction action {};
    action.sa_sigaction = on_plugin_signal;
    sigemptyset(&action.sa_mask);
    // NODEFER: the jump leaves the handler without restoring the mask (sigsetjmp saves none, which
    // keeps a call cheap), so the signal must not be blocked while it runs.
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    for (const int s : kFaultSignals) sigaction(s, &action, &r.previous[s]);
    sigaction(kStopSignal, &action, &r.previous[kStopSignal]);
    // A child forked to check a plugin (isolated_run.h) must not inherit the registry locked by the
    // watchdog: the forking thread holds it across the fork.
    pthread_atfork([] { registry().mutex.lock(); }, [] { registry().mutex.unlock(); },
                   [] { registry().mutex.unlock(); });
    std::thread(watch).detach();
  });
}

ThreadSlot& this_thread_slot() {
  if (current_thread) return *current_thread;
  auto* t = new ThreadSlot;
  t->alt_stack.resize(std::max<std::size_t>(64 * 1024, static_cast<std::size_t>(SIGSTKSZ)));
  stack_t stack{};
  stack.ss_sp = t->alt_stack.data();
  stack.ss_size = t->alt_stack.size();
  sigaltstack(&stack, nullptr);
  {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    r.threads.push_back(t);
  }
  owner.slot = t;
  current_thread = t;
  return *t;
}

// Every tick: a call that has not moved since the last tick has run one tick longer. One running
// past the report time is named, again at each doubling; when the run is interrupted, every call
// still running is stopped.
void watch() {
  Registry& r = registry();
  for (;;) {
    std::this_thread::sleep_for(kTick);
    const std::atomic<bool>* interrupt = r.interrupt.load(std::memory_order_acquire);
    const bool stopping = interrupt && interrupt->load(std::memory_order_acquire);
    const auto report_after = std::chrono::milliseconds(r.report_after_ms.load(std::memory_order_relaxed));
    const std::lock_guard lock(r.mutex);
    for (ThreadSlot* t : r.threads) {
      const std::uint64_t calls = t->slot.calls.load(std::memory_order_acquire);
      if ((calls & 1) == 0 || calls != t->seen_calls) {
        t->seen_calls = calls;
        t->stuck = {};
        t->next_report = report_after;
        continue;
      }
      t->stuck += kTick;
      if (stopping) pthread_kill(t->thread, kStopSignal);
      const std::string* solver = t->slot.solver.load(std::memory_order_relaxed);
      const char* puzzle = t->slot.puzzle.load(std::memory_order_relaxed);
      if (t->stuck >= t->next_report && t->next_report.count() > 0 && solver && puzzle) {
        const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(t->stuck).count();
        Messages(stderr, "")
            .errorf("%s has been solving %s for %lld s%s", solver->c_str(), puzzle, static_cast<long long>(seconds),
                    stopping ? "; stopping it" : " (SIGINT or SIGTERM stops it and writes what was measured)");
        t->next_report *= 2;
      }
    }
  }
}

}  // namespace

std::string signal_description(int signal) {
  const char* abbrev = sigabbrev_np(signal);
  const char* what = sigdescr_np(signal);
  return std::string("SIG") + (abbrev ? abbrev : std::to_string(signal).c_str()) + " (" +
         (what ? what : "unknown signal") + ")";
}

void set_interrupt_flag(const std::atomic<bool>* flag) { registry().interrupt.store(flag, std::memory_order_release); }

void set_slow_call_report(std::chrono::milliseconds after) {
  registry().report_after_ms.store(after.count(), std::memory_order_relaxed);
}

std::string calls_in_progress() {
  Registry& r = registry();
  // exit() may come from a thread the watchdog was stopping: never wait for the lock.
  std::unique_lock lock(r.mutex, std::try_to_lock);
  if (!lock.owns_lock()) return {};
  std::string calls = ended_in_call ? *ended_in_call : std::string();
  for (ThreadSlot* t : r.threads) {
    const std::string* solver = t->slot.solver.load(std::memory_order_relaxed);
    const char* puzzle = t->slot.puzzle.load(std::memory_order_relaxed);
    if ((t->slot.calls.load(std::memory_order_acquire) & 1) == 0 || !solver || !puzzle) continue;
    calls += (calls.empty() ? "" : "; ") + *solver + " was solving " + puzzle;
  }
  return calls;
}

const std::atomic<bool>* interrupt_flag() { return registry().interrupt.load(std::memory_order_acquire); }

std::chrono::milliseconds slow_call_report_after() {
  return std::chrono::milliseconds(registry().report_after_ms.load(std::memory_order_relaxed));
}

CallGuard::CallGuard(std::string solver) : solver_(std::move(solver)) { install_once(); }

CallGuard::~CallGuard() {
  // The watchdog reads the name and the puzzle under this lock: after it, it reads them no more.
  Registry& r = registry();
  const std::lock_guard lock(r.mutex);
  for (ThreadSlot* t : r.threads) {
    if (t->slot.solver.load(std::memory_order_relaxed) != &solver_) continue;
    t->slot.solver.store(nullptr, std::memory_order_relaxed);
    t->slot.puzzle.store(nullptr, std::memory_order_relaxed);
  }
}

CallSlot& CallGuard::enter(const char* puzzle) {
  CallSlot& slot = this_thread_slot().slot;
  slot.puzzle.store(puzzle, std::memory_order_relaxed);
  slot.solver.store(&solver_, std::memory_order_relaxed);
  slot.signal.store(0, std::memory_order_relaxed);
  // Release: the watchdog that sees the odd count sees the puzzle and solver it names.
  slot.calls.store(slot.calls.load(std::memory_order_relaxed) + 1, std::memory_order_release);
  return slot;
}

void CallGuard::leave(CallSlot& slot) {
  slot.calls.store(slot.calls.load(std::memory_order_relaxed) + 1, std::memory_order_release);
  const int signal = slot.signal.load(std::memory_order_relaxed);
  if (signal == 0) return;
  faulted_ = true;
  signal_ = signal;
  interrupted_ = signal == kStopSignal;
  cause_ = interrupted_ ? "was stopped: the run was interrupted while it was solving"
                        : "crashed with " + signal_description(signal);
}

void CallGuard::record_exception() {
  faulted_ = true;
  signal_ = 0;
  try {
    throw;
  } catch (const std::exception& e) {
    cause_ = "threw a C++ exception: " + escaped_output(e.what());
  } catch (...) {
    cause_ = "threw a C++ exception that is not a std::exception";
  }
}

void CallGuard::throw_fault() {
  if (cause_.empty()) cause_ = "failed earlier and is not called again";
  throw SolverFault(solver_, cause_, signal_, interrupted_);
}

}  // namespace sudoku_bench::plugin
