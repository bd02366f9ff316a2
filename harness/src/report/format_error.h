// The one error of reading a report, from the field readers (json_field.h) up to report_json.h.
#pragma once

#include <stdexcept>

namespace sudoku_bench {

// A file that is JSON but not a report this version can read, or one whose figures are out of range
// (a negative thread count, a count past 2^64 - 1, seconds that are not finite); the message names
// the field and its value: "runs[2].threads: -3 is not a thread count >= 1".
class ReportFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace sudoku_bench
