#include "cli/per_puzzle_files.h"

#include <zlib.h>

#include <array>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <memory>
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
  const std::unique_ptr<gzFile_s, int (*)(gzFile)> in(gzopen(path.c_str(), "rb"), gzclose);
  if (!in) throw IoError(path, std::string("cannot open: ") + std::strerror(errno));
  gzbuffer(in.get(), 1 << 17);
  PerPuzzleSide side;
  std::vector<std::string> fields;
  std::string line;
  std::array<char, 1 << 12> buffer;
  const std::string header(kPerPuzzleHeader.substr(0, kPerPuzzleHeader.size() - 1));
  enum Column { dataset, file, line_number, solver, threads, repetition, latency, nodes, guesses, outcome, columns };
  for (std::uint64_t n = 1;; ++n) {
    line.clear();
    while (gzgets(in.get(), buffer.data(), static_cast<int>(buffer.size()))) {
      line += buffer.data();
      if (!line.empty() && line.back() == '\n') break;
    }
    int error = Z_OK;
    gzerror(in.get(), &error);
    if (error != Z_OK && error != Z_BUF_ERROR) throw IoError(path, "cannot read (corrupt or truncated gzip?)", n);
    if (line.empty()) break;
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    if (n == 1) {
      if (line != header) throw IoError(path, "not a run --per-puzzle file: its header is not \"" + header + "\"", 1);
      continue;
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
      continue;
    }
    PuzzleRow row;
    row.line = *line_in_input;
    row.latency_ns = static_cast<double>(*latency_ns);
    if (const auto v = number(fields[nodes])) row.nodes = static_cast<double>(*v);
    rows.rows.push_back(row);
  }
  return side;
}

}  // namespace sudoku_bench
