// The machine and build a result was measured on, so results can be compared honestly.
#pragma once

#include <string>
#include <vector>

#include "report/environment.h"

namespace sudoku_bench {

struct Context {
  std::string date;  // UTC, ISO 8601
  std::string host;
  std::string os;
  std::string cpu_model;
  int hardware_threads = 0;
  std::string compiler;
  std::string compiler_flags;
  std::string build_type;
  std::string tbb_version;
  std::string git_commit;  // "-dirty" appended when tracked files had changes at build time
  std::string version;     // sudoku-bench's own
  // The machine of every MPI rank (from rank 0) or merged shard (from shard 1); empty for one
  // process, whose machine is the fields above.
  struct Machine {
    std::string host;
    std::string cpu_model;
    int hardware_threads = 0;
    bool operator==(const Machine&) const = default;
  };
  std::vector<Machine> ranks;
  // What on this machine skews the figures (governor, load, affinity, hypervisor...), so a reader
  // can tell a noisy run from a slow build. It varies run to run: never made to agree. Unknown
  // (environment_known false) in reports written before it was recorded.
  Environment environment;
  bool environment_known = false;

  // What counted the instructions of a --measure instructions run: the tool ("valgrind
  // --tool=callgrind"), its version, and the instruction set the counted code was built for
  // ("x86-64-v2"). One code's counts differ across them. Empty in time reports (schema /12).
  struct Counter {
    std::string tool, version, isa;
    bool operator==(const Counter&) const = default;
  } counter;

  Machine machine() const { return {host, cpu_model, hardware_threads}; }
  // Which fields two contexts must share to be put together is their field table's
  // (context_fields.cc).

  bool operator==(const Context&) const = default;
};

Context collect_context();

// A new id for one `run` (docs/json-schema.md: runs[].run_id): 128 random bits as 32 hex digits, from
// std::random_device, mixed with the time and the process id where it cannot be had.
std::string new_run_id();

}  // namespace sudoku_bench
