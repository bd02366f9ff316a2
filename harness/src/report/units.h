// Numbers as people read them, in tables, messages and progress lines.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sudoku_bench {

// "850 ns", "5.12 us", "1.23 ms", "2.50 s".
std::string format_duration_ns(double ns);
// "1,234,567".
std::string format_count(double value);
// The words with `separator` between them: "a, b, c".
std::string join(const std::vector<std::string>& words, std::string_view separator);
// `value` in a printf format of one double ("%.2f" -> "1.50").
std::string format_fixed(const char* printf_format, double value);
// A ratio as a change: 0.951 -> "-4.9%", 1.02 -> "+2.0%".
std::string format_change(double ratio);
// 0.05 as "5%", as percentages are written.
std::string percent_text(double fraction);
// "1 report", "2 reports": a count and its noun, plural unless it is 1 (`many`: an irregular plural).
std::string counted(std::size_t n, std::string_view one, std::string_view many = "");

}  // namespace sudoku_bench
