#include "stream/noise_probe.h"

#include <dirent.h>
#include <signal.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace sudoku_bench {
namespace {

void read_ticks(const std::string& proc, NoiseCounters& c) {
  std::ifstream in(proc + "/stat");
  std::string label;
  if (!(in >> label) || label != "cpu") return;
  // user nice system idle iowait irq softirq steal [guest guest_nice]; guest time is already in user.
  std::uint64_t v[8] = {};
  for (std::uint64_t& x : v)
    if (!(in >> x)) return;
  for (const std::uint64_t x : v) c.total_ticks += x;
  c.steal_ticks = v[7];
  c.ticks_known = true;
}

// The "se.nr_migrations" line of a sched file; false when the kernel does not show it.
bool read_migrations(const std::string& path, std::uint64_t& out) {
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("se.nr_migrations", 0) != 0) continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos) return false;
    out = std::strtoull(line.c_str() + colon + 1, nullptr, 10);
    return true;
  }
  return false;
}

std::atomic<std::uint64_t> continued{0};
static_assert(std::atomic<std::uint64_t>::is_always_lock_free, "counted in a signal handler");
extern "C" void on_continue(int) { continued.fetch_add(1, std::memory_order_relaxed); }

}  // namespace

void count_continues() {
  struct sigaction action {};
  action.sa_handler = on_continue;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGCONT, &action, nullptr);
}

void note_stops(PassNoise& noise, const NoiseCounters& before, const NoiseCounters& after, double cpu_seconds,
                double wall_seconds, int threads) {
  if (after.continues == before.continues || !noise.measured) return;
  double off = kDisturbedWaiting;
  if (wall_seconds > 0 && threads > 0) off = std::max(off, 1 - cpu_seconds / (wall_seconds * threads));
  noise.waiting = std::min(1.0, std::max(noise.waiting.value_or(0), off));
}

NoiseCounters read_noise_counters(const std::string& proc) {
  NoiseCounters c;
  c.continues = continued.load(std::memory_order_relaxed);
  read_ticks(proc, c);
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) == 0) c.involuntary_switches = static_cast<std::uint64_t>(usage.ru_nivcsw);
  const std::string tasks = proc + "/self/task";
  DIR* dir = opendir(tasks.c_str());
  if (!dir) return c;
  c.wait_known = c.migrations_known = true;
  while (const dirent* e = readdir(dir)) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
    NoiseCounters::Task task;
    task.tid = static_cast<pid_t>(std::atoi(e->d_name));
    const std::string base = tasks + "/" + e->d_name;
    // schedstat: nanoseconds on a CPU, nanoseconds waiting on a run queue, time slices.
    std::ifstream schedstat(base + "/schedstat");
    std::uint64_t run_ns = 0;
    if (!(schedstat >> run_ns >> task.wait_ns)) c.wait_known = false;
    if (!read_migrations(base + "/sched", task.migrations)) c.migrations_known = false;
    c.tasks.push_back(task);
  }
  closedir(dir);
  return c;
}

PassNoise noise_between(const NoiseCounters& before, const NoiseCounters& after, double wall_seconds, int threads) {
  PassNoise n;
  n.measured = true;
  if (before.ticks_known && after.ticks_known && after.total_ticks > before.total_ticks)
    n.steal = static_cast<double>(after.steal_ticks - before.steal_ticks) /
              static_cast<double>(after.total_ticks - before.total_ticks);
  else if (before.ticks_known && after.ticks_known)
    n.steal = 0.0;  // a pass shorter than a clock tick
  n.involuntary_switches = after.involuntary_switches - before.involuntary_switches;
  std::uint64_t wait_ns = 0, migrations = 0;
  int waited = 0;  // threads that waited at all: more than the pass's own where others ran beside them
  for (const NoiseCounters::Task& t : after.tasks) {
    NoiseCounters::Task start{t.tid, 0, 0};
    for (const NoiseCounters::Task& b : before.tasks)
      if (b.tid == t.tid) start = b;
    // A thread id reused by a new thread shows counts below its predecessor's: it counts from 0.
    if (t.wait_ns < start.wait_ns || t.migrations < start.migrations) start = {t.tid, 0, 0};
    wait_ns += t.wait_ns - start.wait_ns;
    waited += t.wait_ns > start.wait_ns;
    migrations += t.migrations - start.migrations;
  }
  // Over the threads that could wait: each waits at most the wall time, so the share stays <= 1
  // (a pass of 1 thread beside the process's others once read "waited for a CPU 248% of the time").
  if (before.wait_known && after.wait_known && wall_seconds > 0 && threads > 0)
    n.waiting = static_cast<double>(wait_ns) * 1e-9 / (wall_seconds * std::max(threads, waited));
  if (before.migrations_known && after.migrations_known) n.migrations = migrations;
  return n;
}

}  // namespace sudoku_bench
