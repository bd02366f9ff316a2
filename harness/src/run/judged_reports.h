// compare's verdict on two reports already read: `compare` judges files through it, `ab --measure
// instructions` the two reports it counted, so that both say and exit alike.
#pragma once

#include <cstdio>
#include <string>

#include "report/comparison.h"
#include "report/comparison_formats.h"
#include "report/report.h"

namespace sudoku_bench {

struct JudgedReports {
  std::string base_path, current_path;  // how the sides are named in messages and documents
  CompareOptions options;
  bool allow_context_mismatch = false;
  // A time change that "cannot tell" in the slower direction exits 1, as SLOWER does.
  bool strict = false;
  CompareFormat format = CompareFormat::text;  // of `out`
  const char* command = "compare";             // in messages: "sudoku-bench COMMAND: ..."
  // When given, receive the verdict as compare's JSON and markdown documents (ab's --json, --markdown).
  std::string* json = nullptr;
  std::string* markdown = nullptr;
};

// The verdict on `out` in `judged.format`, refusals and notes on `err`. Returns compare_command's
// status for reports (run/compare.h): 0, 1 when a pair is slower, 2 when they cannot be compared.
int judge_reports(const Report& base, const Report& current, const JudgedReports& judged, std::FILE* out,
                  std::FILE* err);

}  // namespace sudoku_bench
