// What on the machine skews benchmark results (frequency governor, load, affinity, hypervisor,
// SMT, caches), read once at the start of a run for the report's context and for warnings.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace sudoku_bench {

struct Environment {
  // CPU, from the first processor's block of /proc/cpuinfo; empty where the file lacks a field.
  struct Cpu {
    std::string model;         // "model name"
    std::string vendor;        // "vendor_id"
    std::string family;        // "cpu family"
    std::string model_number;  // "model"
    std::string stepping;      // "stepping"
    std::string microcode;     // "microcode": absent in most guests
    bool operator==(const Cpu&) const = default;
  } cpu;
  // Cache sizes of cpu0 as sysfs writes them ("48K", "2048K"); empty where unknown.
  struct Caches {
    std::string l1d, l1i, l2, l3;
    bool operator==(const Caches&) const = default;
  } caches;
  std::string smt = "unknown";         // "on", "off" or "unknown" (/sys/devices/system/cpu/smt/active)
  std::string hypervisor = "unknown";  // /sys/hypervisor/type ("xen"), else "yes" (cpuinfo flag) or "none"
  std::string governor;                // scaling_governor of cpu0; empty without cpufreq
  std::string boost = "unknown";       // "on", "off" or "unknown" (cpufreq/boost or intel_pstate/no_turbo)
  int aslr = -1;                       // /proc/sys/kernel/randomize_va_space: 0, 1, 2; -1 unknown
  std::optional<double> load_average;  // 1-minute load average at start
  std::string kernel;                  // /proc/sys/kernel/osrelease
  // The CPUs this process may run on (sched_getaffinity), as a count and a list like "0-3,8";
  // 0 and "" where unknown (read_environment leaves them so).
  int affinity_count = 0;
  std::string affinity;
  std::string isolated_cpus;  // /sys/devices/system/cpu/isolated, like "2-3"; empty when none

  bool operator==(const Environment&) const = default;
};

// Reads every file under `root` ("" = this machine: /proc/cpuinfo, /sys/...); files that are
// missing or unreadable leave their fields at the defaults. Leaves the affinity unknown.
Environment read_environment(const std::string& root);
// This machine, with this process's affinity.
Environment collect_environment();

// CPU numbers as a list of ranges: {0, 1, 2, 5} -> "0-2,5". Sorted and deduplicated first.
std::string cpu_list_text(std::vector<int> cpus);

// One line per condition that skews the measurements of a run asking for up to
// `max_threads_asked` threads, each saying why (no "warning:" prefix); none when all is well.
std::vector<std::string> environment_warnings(const Environment& e, int max_threads_asked);

}  // namespace sudoku_bench
