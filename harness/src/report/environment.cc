#include "report/environment.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <locale>
#include <sstream>
#include <stdexcept>

#include "sys/cpu_set.h"

namespace sudoku_bench {
namespace {

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

// The first line of a file, trimmed; nullopt when it cannot be read.
std::optional<std::string> first_line(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::string line;
  if (!std::getline(in, line) && !in.eof()) return std::nullopt;
  return trim(line);
}

std::string line_or(const std::string& path, const std::string& fallback) {
  return first_line(path).value_or(fallback);
}

// "1"/"0" -> "on"/"off", inverted when the file says "disabled"; anything else -> "unknown".
std::string on_off(const std::optional<std::string>& flag, bool inverted) {
  if (flag == "1") return inverted ? "off" : "on";
  if (flag == "0") return inverted ? "on" : "off";
  return "unknown";
}

std::optional<double> leading_number(const std::string& text) {
  std::istringstream in(text);
  in.imbue(std::locale::classic());
  double value = 0;
  if (!(in >> value)) return std::nullopt;
  return value;
}

// The first processor's block; the hypervisor flag comes from its "flags" line.
void read_cpuinfo(const std::string& path, Environment& e) {
  std::ifstream in(path);
  if (!in) return;
  bool seen_flags = false, hypervisor_flag = false, in_block = false;
  for (std::string line; std::getline(in, line);) {
    if (trim(line).empty()) {
      if (in_block) break;
      continue;
    }
    in_block = true;
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::string key = trim(line.substr(0, colon));
    const std::string value = trim(line.substr(colon + 1));
    if (key == "model name")
      e.cpu.model = value;
    else if (key == "vendor_id")
      e.cpu.vendor = value;
    else if (key == "cpu family")
      e.cpu.family = value;
    else if (key == "model")
      e.cpu.model_number = value;
    else if (key == "stepping")
      e.cpu.stepping = value;
    else if (key == "microcode")
      e.cpu.microcode = value;
    else if (key == "flags") {
      seen_flags = true;
      std::istringstream flags(value);
      for (std::string flag; flags >> flag;) hypervisor_flag |= flag == "hypervisor";
    }
  }
  if (seen_flags) e.hypervisor = hypervisor_flag ? "yes" : "none";
}

void read_caches(const std::string& dir, Environment& e) {
  std::error_code error;
  for (std::filesystem::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (name.rfind("index", 0) != 0) continue;
    const std::string base = it->path().string() + "/";
    const std::string level = line_or(base + "level", "");
    const std::string type = line_or(base + "type", "");
    const std::string size = line_or(base + "size", "");
    if (level == "1" && type == "Data")
      e.caches.l1d = size;
    else if (level == "1" && type == "Instruction")
      e.caches.l1i = size;
    else if (level == "2")
      e.caches.l2 = size;
    else if (level == "3")
      e.caches.l3 = size;
  }
}

std::string format(const char* pattern, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, pattern, value);
  return buf;
}

std::string cpus_phrase(const Environment& e) {
  return std::to_string(e.affinity_count) + (e.affinity_count == 1 ? " CPU" : " CPUs") +
         (e.affinity.empty() ? "" : " (" + e.affinity + ")");
}

}  // namespace

Environment read_environment(const std::string& root) {
  Environment e;
  const std::string cpu = root + "/sys/devices/system/cpu/";
  read_cpuinfo(root + "/proc/cpuinfo", e);
  read_caches(cpu + "cpu0/cache", e);
  e.smt = on_off(first_line(cpu + "smt/active"), false);
  if (const auto type = first_line(root + "/sys/hypervisor/type"); type && !type->empty()) e.hypervisor = *type;
  e.governor = line_or(cpu + "cpu0/cpufreq/scaling_governor", "");
  e.boost = on_off(first_line(cpu + "cpufreq/boost"), false);
  if (e.boost == "unknown") e.boost = on_off(first_line(cpu + "intel_pstate/no_turbo"), true);
  if (const auto aslr = first_line(root + "/proc/sys/kernel/randomize_va_space"))
    if (*aslr == "0" || *aslr == "1" || *aslr == "2") e.aslr = (*aslr)[0] - '0';
  if (const auto load = first_line(root + "/proc/loadavg")) e.load_average = leading_number(*load);
  e.kernel = line_or(root + "/proc/sys/kernel/osrelease", "");
  e.isolated_cpus = line_or(cpu + "isolated", "");
  return e;
}

Environment collect_environment() {
  Environment e = read_environment("");
  if (std::vector<int> cpus = sys::allowed_cpus(); !cpus.empty()) {
    e.affinity_count = static_cast<int>(cpus.size());
    e.affinity = cpu_list_text(std::move(cpus));
  }
  return e;
}

std::string cpu_list_text(std::vector<int> cpus) {
  std::sort(cpus.begin(), cpus.end());
  cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
  std::string out;
  for (std::size_t i = 0; i < cpus.size();) {
    std::size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(cpus[i]);
    if (j > i) out += '-' + std::to_string(cpus[j]);
    i = j + 1;
  }
  return out;
}

std::vector<std::string> environment_warnings(const Environment& e, int max_threads_asked) {
  std::vector<std::string> out;
  if (!e.governor.empty() && e.governor != "performance")
    out.push_back("the CPU frequency governor is \"" + e.governor +
                  "\", not \"performance\": the clock follows the load, so the measurements may be noisy and "
                  "slower than the CPU can run.");
  // Without a known affinity there is nothing to measure the load or the threads against.
  if (e.affinity_count > 0 && e.load_average && *e.load_average > 0.5 * e.affinity_count)
    out.push_back("the 1-minute load average was " + format("%.2f", *e.load_average) +
                  " at start, above 0.5 per CPU of the " + cpus_phrase(e) +
                  " this process may run on: other work competes for them, so the measurements may be noisy and "
                  "low.");
  if (e.affinity_count > 0 && max_threads_asked > e.affinity_count)
    out.push_back(std::to_string(max_threads_asked) + " threads asked, but this process may run on only " +
                  cpus_phrase(e) +
                  ": passes with more threads than that share CPUs, so their throughput and "
                  "speedup understate the solver's.");
  if (e.hypervisor != "none" && e.hypervisor != "unknown" && !e.hypervisor.empty())
    out.push_back(std::string("running under a hypervisor") + (e.hypervisor == "yes" ? "" : " (" + e.hypervisor + ")") +
                  ": time stolen by other guests can disturb passes, so the measurements may be noisy.");
  return out;
}

}  // namespace sudoku_bench
