#include "report/names.h"

#include <algorithm>

namespace sudoku_bench {
namespace {

constexpr std::string_view kEllipsis = "...";  // ASCII, like the tables' "us": any terminal shows it

bool starts_code_point(char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }

}  // namespace

std::size_t text_columns(std::string_view text) {
  std::size_t columns = 0;
  for (const char c : text) columns += starts_code_point(c);
  return columns;
}

std::string short_name(std::string_view name, std::size_t columns) {
  std::vector<std::size_t> starts;  // each code point's first byte
  for (std::size_t i = 0; i < name.size(); ++i)
    if (starts_code_point(name[i])) starts.push_back(i);
  if (starts.size() <= columns) return std::string(name);
  if (columns <= kEllipsis.size()) return std::string(name.substr(0, starts[columns]));
  const std::size_t kept = columns - kEllipsis.size(), head = kept / 3, tail = kept - head;
  return std::string(name.substr(0, starts[head])) + std::string(kEllipsis) +
         std::string(name.substr(starts[starts.size() - tail]));
}

void note_if_shortened(std::vector<ShortenedName>& legend, std::string_view column, const std::string& name) {
  std::string shown = short_name(name);
  if (shown == name || std::any_of(legend.begin(), legend.end(),
                                   [&](const ShortenedName& n) { return n.full == name && n.column == column; }))
    return;
  legend.push_back({std::string(column), std::move(shown), name});
}

std::string legend_lines(const std::vector<ShortenedName>& legend) {
  std::string out;
  for (const ShortenedName& n : legend) out += n.column + " " + n.shown + " is " + n.full + "\n";
  return out;
}

}  // namespace sudoku_bench
