// plugin/call_guard.h alone: a guarded call returns what it returns; a crash, an escaping
// exception or an interrupt ends it in a SolverFault that names the solver and the cause; after a
// fault the guard calls nothing more; a running call is named while it runs.
#include "plugin/call_guard.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <stdexcept>
#include <string>
#include <thread>

namespace {

using sudoku_bench::plugin::CallGuard;
using sudoku_bench::plugin::SolverFault;

TEST(CallGuardTest, ANormalCallReturnsItsValue) {
  CallGuard guard("plugin:ok.so");
  EXPECT_EQ(guard.call("puzzle", [] { return 7; }), 7);
  EXPECT_EQ(guard.call("puzzle", [] { return 8; }), 8);
}

TEST(CallGuardTest, ACrashEndsTheCallNamedAndTheGuardCallsNothingMore) {
  CallGuard guard("plugin:crash.so");
  try {
    guard.call("puzzle", []() -> int {
      std::raise(SIGSEGV);
      return 0;
    });
    FAIL() << "no fault";
  } catch (const SolverFault& f) {
    EXPECT_EQ(f.signal(), SIGSEGV);
    EXPECT_FALSE(f.interrupted());
    EXPECT_NE(std::string(f.what()).find("plugin:crash.so"), std::string::npos) << f.what();
    EXPECT_NE(f.cause().find("SIGSEGV"), std::string::npos) << f.cause();
  }
  bool called = false;
  EXPECT_THROW(guard.call("puzzle",
                          [&] {
                            called = true;
                            return 0;
                          }),
               SolverFault);
  EXPECT_FALSE(called);
}

TEST(CallGuardTest, AnEscapingExceptionIsAFaultWithoutASignal) {
  CallGuard guard("plugin:throws.so");
  try {
    guard.call("puzzle", []() -> int { throw std::runtime_error("inside"); });
    FAIL() << "no fault";
  } catch (const SolverFault& f) {
    EXPECT_EQ(f.signal(), 0);
    EXPECT_NE(f.cause().find("inside"), std::string::npos) << f.cause();
  }
}

TEST(CallGuardTest, AGuardPerThreadKeepsOtherThreadsCalling) {
  CallGuard crashing("plugin:crash.so");
  EXPECT_THROW(crashing.call("p",
                             []() -> int {
                               std::raise(SIGFPE);
                               return 0;
                             }),
               SolverFault);
  int result = 0;
  std::thread other([&] {
    CallGuard guard("plugin:ok.so");
    result = guard.call("p", [] { return 3; });
  });
  other.join();
  EXPECT_EQ(result, 3);
}

TEST(CallGuardTest, AnInterruptStopsARunningCallAndItIsNamedMeanwhile) {
  static std::atomic<bool> interrupted{false};
  sudoku_bench::plugin::set_interrupt_flag(&interrupted);
  std::atomic<bool> running{false};
  std::string named;
  std::thread watcher([&] {
    while (!running.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    // The registry may be busy for a moment; the call runs until interrupted, so ask until named.
    for (int i = 0; i < 2000 && named.empty(); ++i) {
      named = sudoku_bench::plugin::calls_in_progress();
      if (named.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    interrupted.store(true);
  });
  CallGuard guard("plugin:slow.so");
  try {
    guard.call("the slow puzzle", [&]() -> int {
      running.store(true);
      std::atomic<bool> never{false};
      while (!never.load()) {
      }
      return 0;
    });
    FAIL() << "not stopped";
  } catch (const SolverFault& f) {
    EXPECT_TRUE(f.interrupted()) << f.what();
  }
  watcher.join();
  sudoku_bench::plugin::set_interrupt_flag(nullptr);
  EXPECT_NE(named.find("plugin:slow.so"), std::string::npos) << named;
  EXPECT_NE(named.find("the slow puzzle"), std::string::npos) << named;
  EXPECT_EQ(sudoku_bench::plugin::calls_in_progress(), "");
}

}  // namespace
