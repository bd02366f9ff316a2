// Helpers shared by the tests: bundled datasets and small puzzles, and a table of texts to check.
#pragma once

#include <dirent.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "test_paths.h"

namespace test_util {

inline std::string dataset_path(const std::string& file) { return std::string(SUDOKU_BENCH_DATASETS_DIR) + "/" + file; }

// The names of the files in datasets/ that `keep` accepts, sorted.
template <typename Keep>
std::vector<std::string> dataset_files(Keep keep) {
  std::vector<std::string> files;
  DIR* dir = opendir(SUDOKU_BENCH_DATASETS_DIR);
  if (!dir) throw std::runtime_error("cannot open " + std::string(SUDOKU_BENCH_DATASETS_DIR));
  while (const dirent* e = readdir(dir)) {
    const std::string name = e->d_name;
    if (keep(name)) files.push_back(name);
  }
  closedir(dir);
  std::sort(files.begin(), files.end());
  return files;
}

// The puzzle lines of a bundled plain-text dataset.
inline std::vector<std::string> read_lines(const std::string& file) {
  std::ifstream in(dataset_path(file));
  if (!in) throw std::runtime_error("cannot open " + dataset_path(file));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  return lines;
}

// What `f` gives for each input of `cases`: the text beside it.
template <typename F>
void expect_each(F f, std::initializer_list<std::pair<std::string, std::string>> cases) {
  for (const auto& [input, expected] : cases) EXPECT_EQ(f(input), expected) << input;
}

// A sanitizer build runs far slower: long loops then take every `stride()`-th puzzle.
inline std::size_t stride() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  return 50;
#else
  return 1;
#endif
}

}  // namespace test_util
