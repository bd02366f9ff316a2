// Facts fixed when sudoku-bench was built (generated sources, see harness/CMakeLists.txt).
#pragma once

namespace sudoku_bench::build_info {

extern const char* const kCompilerFlags;
extern const char* const kBuildType;
extern const char* const kVersion;
extern const char* const kGitCommit;

}  // namespace sudoku_bench::build_info
