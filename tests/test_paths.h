// Where the tests find the project's files and the programs built for them. CMake writes the
// values into one generated file (test_paths.cc, tests/CMakeLists.txt), so that no other test
// file's compile line names the checkout's path: the compiler cache (tools/ccache-env) then serves
// every checkout of the same code, CI's clean clone included.
#pragma once

namespace test_paths {
extern const char* const kDatasetsDir;
extern const char* const kTestDataDir;
extern const char* const kDocsDir;
extern const char* const kExamplePlugin;
extern const char* const kWrongPlugins;
extern const char* const kTdokuLikePlugin;
extern const char* const kEndingPlugins;
extern const char* const kExecCSolver;
extern const char* const kExecPySolver;
extern const char* const kPython;
}  // namespace test_paths

#define SUDOKU_BENCH_DATASETS_DIR test_paths::kDatasetsDir
#define SUDOKU_BENCH_TEST_DATA_DIR test_paths::kTestDataDir
#define SUDOKU_BENCH_DOCS_DIR test_paths::kDocsDir
#define SUDOKU_BENCH_EXAMPLE_PLUGIN test_paths::kExamplePlugin
#define SUDOKU_BENCH_WRONG_PLUGINS test_paths::kWrongPlugins
#define SUDOKU_BENCH_TDOKU_LIKE_PLUGIN test_paths::kTdokuLikePlugin
#define SUDOKU_BENCH_ENDING_PLUGINS test_paths::kEndingPlugins
#define SUDOKU_BENCH_EXEC_C_SOLVER test_paths::kExecCSolver
#define SUDOKU_BENCH_EXEC_PY_SOLVER test_paths::kExecPySolver
#define SUDOKU_BENCH_PYTHON test_paths::kPython
