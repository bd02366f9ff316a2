#include "report/context.h"

#include <sys/utsname.h>
#include <tbb/version.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <random>
#include <thread>

#include "report/build_info.h"

namespace sudoku_bench {
namespace {

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
    }
  }
  return "unknown";
}

std::string compiler() {
#if defined(__clang__)
  return std::string("Clang ") + __clang_version__;
#elif defined(__GNUC__)
  return std::string("GCC ") + __VERSION__;
#else
  return "unknown";
#endif
}

// splitmix64: spreads a few changing bits (time, pid) over all 64.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

std::string new_run_id() {
  std::uint64_t words[2] = {0, 0};
  try {
    std::random_device device;
    for (std::uint64_t& w : words) w = (std::uint64_t{device()} << 32) ^ device();
  } catch (const std::exception&) {
    // No entropy source: the time to the nanosecond and the process id, so that two runs started
    // at once still differ.
    const auto now = std::chrono::system_clock::now().time_since_epoch().count();
    words[0] = mix(static_cast<std::uint64_t>(now));
    words[1] = mix(words[0] ^ static_cast<std::uint64_t>(getpid()));
  }
  char text[33];
  std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(words[0]),
                static_cast<unsigned long long>(words[1]));
  return text;
}

Context collect_context() {
  Context c;
  c.date = utc_now();
  char host[256] = {};
  c.host = gethostname(host, sizeof host - 1) == 0 ? host : "unknown";
  struct utsname u {};
  if (uname(&u) == 0) c.os = std::string(u.sysname) + " " + u.release + " " + u.machine;
  c.cpu_model = cpu_model();
  c.hardware_threads = static_cast<int>(std::thread::hardware_concurrency());
  c.compiler = compiler();
  c.compiler_flags = build_info::kCompilerFlags;
  c.build_type = build_info::kBuildType;
  c.tbb_version = TBB_runtime_version();
  c.git_commit = build_info::kGitCommit;
  c.version = build_info::kVersion;
  c.environment = collect_environment();
  c.environment_known = true;
  return c;
}

}  // namespace sudoku_bench
