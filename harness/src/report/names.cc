#include "report/names.h"

#include <algorithm>
#include <cctype>

namespace sudoku_bench {
namespace {

constexpr std::string_view kEllipsis = "...";  // ASCII, like the tables' "us": any terminal shows it

bool starts_code_point(char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }

// Each word that is a path ("/tmp/v1/libx.so", "plugin:build/libx.so:solve") as its file name, a
// spec's kind kept ("plugin:libx.so:solve"); a word whose last part has no letter ("2/5") is none.
std::string without_folders(std::string_view name) {
  std::string out;
  for (std::size_t start = 0; start <= name.size();) {
    const std::size_t end = std::min(name.find(' ', start), name.size());
    const std::string_view word = name.substr(start, end - start);
    const std::size_t slash = word.rfind('/'), colon = word.find(':');
    const std::string_view last = slash == std::string_view::npos ? word : word.substr(slash + 1);
    const bool path = slash != std::string_view::npos &&
                      std::any_of(last.begin(), last.end(), [](char c) { return std::isalpha(c & 0xFF); });
    if (!out.empty() || start > 0) out += ' ';
    if (path && colon != std::string_view::npos && colon < word.find('/')) out += word.substr(0, colon + 1);
    out += path ? last : word;
    start = end + 1;
  }
  return out;
}

// `name` without the kind a spec starts with ("plugin:", "exec:", "exec/8:").
std::string_view without_kind(std::string_view name) {
  for (const std::string_view kind : {"plugin:", "exec:"})
    if (name.starts_with(kind)) return name.substr(kind.size());
  if (name.starts_with("exec/") && name.find(':') != std::string_view::npos) return name.substr(name.find(':') + 1);
  return name;
}

// Its start and its end around "...", in `columns`, cut between code points.
std::string cut_middle(std::string_view name, std::size_t columns) {
  std::vector<std::size_t> starts;  // each code point's first byte
  for (std::size_t i = 0; i < name.size(); ++i)
    if (starts_code_point(name[i])) starts.push_back(i);
  if (starts.size() <= columns) return std::string(name);
  if (columns <= kEllipsis.size()) return std::string(name.substr(0, starts[columns]));
  const std::size_t kept = columns - kEllipsis.size(), head = kept / 3, tail = kept - head;
  return std::string(name.substr(0, starts[head])) + std::string(kEllipsis) +
         std::string(name.substr(starts[starts.size() - tail]));
}

}  // namespace

std::size_t text_columns(std::string_view text) {
  std::size_t columns = 0;
  for (const char c : text) columns += starts_code_point(c);
  return columns;
}

std::string short_name(std::string_view name, std::size_t columns) {
  if (text_columns(name) <= columns) return std::string(name);
  const std::string files = without_folders(name);
  if (text_columns(files) <= columns) return files;
  std::string bare(without_kind(files));
  if (text_columns(bare) <= columns || !name.starts_with("plugin:")) return cut_middle(bare, columns);
  // A library as its name: "libbitmask_plugin.so:solve" as "bitmask_plugin:solve".
  if (bare.starts_with("lib")) bare.erase(0, 3);
  if (const std::size_t so = bare.find(".so");
      so != std::string::npos && (so + 3 == bare.size() || bare[so + 3] == ':'))
    bare.erase(so, 3);
  return cut_middle(bare, columns);
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
