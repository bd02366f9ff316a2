#include "report/units.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace sudoku_bench {

std::string format_duration_ns(double ns) {
  char buf[32];
  if (ns < 1e3)
    std::snprintf(buf, sizeof buf, "%.0f ns", ns);
  else if (ns < 1e6)
    std::snprintf(buf, sizeof buf, "%.3g us", ns / 1e3);
  else if (ns < 1e9)
    std::snprintf(buf, sizeof buf, "%.3g ms", ns / 1e6);
  else
    std::snprintf(buf, sizeof buf, "%.3g s", ns / 1e9);
  return buf;
}

std::string counted(std::size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " +
         (n == 1         ? std::string(one)
          : many.empty() ? std::string(one) + "s"
                         : std::string(many));
}

std::string join(const std::vector<std::string>& words, std::string_view separator) {
  std::string out;
  for (const std::string& w : words) {
    if (!out.empty()) out += separator;
    out += w;
  }
  return out;
}

std::string format_count(double value) {
  const std::string digits = std::to_string(static_cast<std::uint64_t>(std::llround(std::max(value, 0.0))));
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string format_fixed(const char* printf_format, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, printf_format, value);
  return buf;
}

std::string format_change(double ratio) { return format_fixed("%+.1f%%", 100 * (ratio - 1)); }

std::string percent_text(double fraction) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, fraction * 100);
  return std::string(buffer, ec == std::errc() ? end : buffer) + "%";
}

}  // namespace sudoku_bench
