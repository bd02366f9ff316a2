// The machine and build a result was measured on, so results can be compared honestly.
#pragma once

#include <string>

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

  bool operator==(const Context&) const = default;
};

Context collect_context();

}  // namespace sudoku_bench
