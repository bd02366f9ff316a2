#include "cli/per_puzzle_files.h"

#include <charconv>
#include <optional>
#include <vector>

#include "stream/input.h"
#include "stream/per_puzzle_rows.h"

namespace sudoku_bench {
namespace {

// Splits a CSV line into fields, with quoted fields as run --per-puzzle writes them.
bool split_csv(std::string_view line, std::vector<std::string>& fields) {
  fields.clear();
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.push_back(std::move(field));
      field.clear();
    } else {
      field += c;
    }
  }
  fields.push_back(std::move(field));
  return !quoted;
}

std::optional<std::uint64_t> number(const std::string& text) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

}  // namespace

PerPuzzleSide read_per_puzzle_file(const std::string& path) {
  // The input's own reader: plain or gzip, and its errors for truncated or corrupt files.
  InputFile in(path, false);
  PerPuzzleSide side;
  std::vector<std::string> fields;
  const std::string_view header = kPerPuzzleHeader.substr(0, kPerPuzzleHeader.size() - 1);
  enum Column { dataset, file, line_number, solver, threads, repetition, latency, nodes, guesses, outcome, columns };
  std::uint64_t n = 0;
  const auto take = [&](std::string_view line) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (n == 1) {
      if (line != header)
        throw IoError(path, "not a run --per-puzzle file: its header is not \"" + std::string(header) + "\"", 1);
      return;
    }
    if (!split_csv(line, fields) || fields.size() != columns)
      throw IoError(path, "expected " + std::to_string(columns) + " comma-separated fields", n);
    const auto line_in_input = number(fields[line_number]);
    if (!line_in_input) throw IoError(path, "bad line number '" + fields[line_number] + "'", n);
    DatasetRows& rows = side[fields[dataset]];
    if (rows.file.empty()) rows.file = fields[file];
    const std::string& o = fields[outcome];
    const auto latency_ns = number(fields[latency]);
    if ((o != "unique" && o != "multiple" && o != "none") || !latency_ns) {
      ++rows.skipped;
      return;
    }
    PuzzleRow row;
    row.line = *line_in_input;
    row.latency_ns = static_cast<double>(*latency_ns);
    if (const auto v = number(fields[nodes])) row.nodes = static_cast<double>(*v);
    rows.rows.push_back(row);
  };
  std::string pending;
  std::vector<char> block(1 << 17);
  for (std::size_t got; (got = in.read(block.data(), block.size())) > 0;) {
    pending.append(block.data(), got);
    std::size_t start = 0;
    for (std::size_t end; (end = pending.find('\n', start)) != std::string::npos; start = end + 1)
      take(std::string_view(pending).substr(start, end - start));
    pending.erase(0, start);
  }
  if (!pending.empty()) take(pending);
  return side;
}

}  // namespace sudoku_bench
