// Numbers as people read them, in tables, messages and progress lines.
#pragma once

#include <string>

namespace sudoku_bench {

// "850 ns", "5.12 us", "1.23 ms", "2.50 s".
std::string format_duration_ns(double ns);
// "1,234,567".
std::string format_count(double value);

}  // namespace sudoku_bench
