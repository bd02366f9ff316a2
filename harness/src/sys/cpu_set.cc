#include "sys/cpu_set.h"

#include <sched.h>

#include <cerrno>

namespace sudoku_bench::sys {
namespace {

// A dynamically sized cpu_set_t of `size` CPUs, freed with the object.
class CpuSet {
 public:
  explicit CpuSet(int size) : size_(size), set_(CPU_ALLOC(size)), bytes_(CPU_ALLOC_SIZE(size)) {
    if (set_) CPU_ZERO_S(bytes_, set_);
  }
  ~CpuSet() { CPU_FREE(set_); }
  CpuSet(const CpuSet&) = delete;
  CpuSet& operator=(const CpuSet&) = delete;

  bool ok() const { return set_ != nullptr; }
  int size() const { return size_; }
  std::size_t bytes() const { return bytes_; }
  cpu_set_t* get() { return set_; }
  bool has(int cpu) const { return CPU_ISSET_S(cpu, bytes_, set_); }
  void add(int cpu) { CPU_SET_S(cpu, bytes_, set_); }

 private:
  int size_;
  cpu_set_t* set_;
  std::size_t bytes_;
};

constexpr int kLargestSet = 1 << 20;

}  // namespace

std::vector<int> allowed_cpus() {
  for (int size = 1024; size <= kLargestSet; size *= 2) {
    CpuSet set(size);
    if (!set.ok()) break;
    if (sched_getaffinity(0, set.bytes(), set.get()) == 0) {
      std::vector<int> cpus;
      for (int i = 0; i < size; ++i)
        if (set.has(i)) cpus.push_back(i);
      return cpus;
    }
    if (errno != EINVAL) break;  // EINVAL: the machine has more CPUs than the set holds
  }
  return {};
}

int pin_to_cpu(int cpu) {
  if (cpu < 0 || cpu >= kLargestSet) return EINVAL;
  int size = 1024;
  while (size <= cpu) size *= 2;
  CpuSet set(size);
  if (!set.ok()) return ENOMEM;
  set.add(cpu);
  return sched_setaffinity(0, set.bytes(), set.get()) == 0 ? 0 : errno;
}

}  // namespace sudoku_bench::sys
