#include "plugin/child_groups.h"

#include <signal.h>

#include <array>
#include <atomic>

namespace sudoku_bench::plugin {
namespace {

// A fixed array of slots, 0 when free: a signal handler may read it while a thread writes it.
static_assert(std::atomic<pid_t>::is_always_lock_free, "kill_all_groups() runs in signal handlers");
std::array<std::atomic<pid_t>, kMaxChildGroups> slots{};

}  // namespace

bool register_group(pid_t group) {
  if (group <= 0) return false;
  for (std::atomic<pid_t>& slot : slots) {
    pid_t free = 0;
    if (slot.compare_exchange_strong(free, group, std::memory_order_acq_rel)) return true;
  }
  return false;
}

void forget_group(pid_t group) {
  if (group <= 0) return;
  for (std::atomic<pid_t>& slot : slots) {
    pid_t held = group;
    if (slot.compare_exchange_strong(held, 0, std::memory_order_acq_rel)) return;
  }
}

void forget_all_groups() {
  for (std::atomic<pid_t>& slot : slots) slot.store(0, std::memory_order_release);
}

std::vector<pid_t> remembered_groups() {
  std::vector<pid_t> groups;
  for (const std::atomic<pid_t>& slot : slots)
    if (const pid_t group = slot.load(std::memory_order_acquire); group > 0) groups.push_back(group);
  return groups;
}

void kill_all_groups() {
  for (std::atomic<pid_t>& slot : slots)
    if (const pid_t group = slot.load(std::memory_order_acquire); group > 0) kill(-group, SIGKILL);
}

}  // namespace sudoku_bench::plugin
