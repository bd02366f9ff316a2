#include "run/per_puzzle_files.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <tuple>
#include <vector>

#include "stats/tally.h"
#include "stream/input.h"
#include "stream/per_puzzle_rows.h"
#include "sys/csv.h"

namespace sudoku_bench {
namespace {

enum Column { dataset, file, line_number, solver, threads, repetition, latency, nodes, guesses, outcome, columns };
constexpr std::array<const char*, columns> kColumnNames = {"dataset",    "file",       "line",  "solver",  "threads",
                                                           "repetition", "latency_ns", "nodes", "guesses", "outcome"};
constexpr std::size_t kLongestRecord = 1 << 16;  // bytes of a record over several lines
const std::string kUint64Max = std::to_string(std::numeric_limits<std::uint64_t>::max());

// A field as messages show it: at most 40 characters, control characters as '?'.
std::string shown(std::string_view text) {
  std::string out(text.substr(0, 40));
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return text.size() > 40 ? out + "..." : out;
}

// The whole field as a decimal integer of uint64's range, or nothing (no sign, no spaces, no junk).
std::optional<std::uint64_t> whole_uint64(const std::string& text) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

// Key of a row for finding two rows of one puzzle in one pass.
struct PassRow {
  std::uint64_t line, repetition, csv_line;
};

class Reader {
 public:
  explicit Reader(const std::string& path) : path_(path) {}

  // One record (a line, or more when a quoted field holds a line break) that began on line `n`.
  void take(std::string_view record, std::uint64_t n) {
    if (n == 1) {
      if (!record.empty() && record.back() == '\r') record.remove_suffix(1);
      const std::string_view header = kPerPuzzleHeader.substr(0, kPerPuzzleHeader.size() - 1);
      if (record != header)
        throw IoError(path_, "not a run --per-puzzle file: its header is not \"" + std::string(header) + "\"", 1);
      return;
    }
    if (!split_csv(record, fields_)) throw IoError(path_, "a quoted field is not closed", n);
    if (!fields_.back().empty() && fields_.back().back() == '\r') fields_.back().pop_back();  // CRLF files
    if (fields_.size() != columns)
      throw IoError(
          path_,
          "expected " + std::to_string(columns) + " comma-separated fields, found " + std::to_string(fields_.size()),
          n);
    for (const Column c : {dataset, file, solver})
      if (fields_[c].empty()) bad(n, c, "a name (it is empty)");
    PuzzleGroup group;
    group.dataset = fields_[dataset];
    group.solver = fields_[solver];
    group.file = fields_[file];
    group.threads = positive(n, threads);
    const std::uint64_t line_in_input = positive(n, line_number);
    const std::uint64_t pass = positive(n, repetition);
    const std::optional<double> latency_ns = latency_field(n);
    const std::optional<std::uint64_t> tree = count(n, nodes);
    count(n, guesses);
    const std::string& o = fields_[outcome];
    if (std::none_of(std::begin(kOutcomes), std::end(kOutcomes), [&](const OutcomeInfo& i) { return i.name == o; }))
      bad(n, outcome, "an outcome (unique, multiple, solved, none, aborted, wrong or invalid)");

    auto [at, added] = side_.try_emplace(std::move(group));
    std::vector<PassRow>& seen = passes_[&at->second];
    seen.push_back({line_in_input, pass, n});
    GroupRows& rows = at->second;
    if ((o != "unique" && o != "multiple" && o != "solved" && o != "none") || !latency_ns) {
      ++rows.skipped;
      return;
    }
    if (o == "solved") ++rows.first_solutions;
    if (o == "unique" || o == "multiple") ++rows.counts;
    PuzzleRow row;
    row.line = line_in_input;
    row.latency_ns = *latency_ns;
    if (tree) row.nodes = static_cast<double>(*tree);
    rows.rows.push_back(row);
  }

  // The rows read; throws IoError, at the first such row, when a puzzle has two rows in one pass.
  PerPuzzleSide finish() {
    std::optional<PassRow> first, second;
    for (auto& [group, seen] : passes_) {
      std::sort(seen.begin(), seen.end(), [](const PassRow& a, const PassRow& b) {
        return std::tie(a.line, a.repetition, a.csv_line) < std::tie(b.line, b.repetition, b.csv_line);
      });
      for (std::size_t i = 1; i < seen.size(); ++i)
        if (seen[i].line == seen[i - 1].line && seen[i].repetition == seen[i - 1].repetition &&
            (!second || seen[i].csv_line < second->csv_line)) {
          first = seen[i - 1];
          second = seen[i];
        }
    }
    if (second)
      throw IoError(path_,
                    "a second row for the puzzle and pass of line " + std::to_string(first->csv_line) +
                        " (dataset, file, solver, threads, line and repetition alike)",
                    second->csv_line);
    return std::move(side_);
  }

 private:
  [[noreturn]] void bad(std::uint64_t n, Column c, const std::string& what) const {
    throw IoError(path_, std::string("column ") + kColumnNames[c] + ": '" + shown(fields_[c]) + "' is not " + what, n);
  }

  std::uint64_t positive(std::uint64_t n, Column c) const {
    const auto v = whole_uint64(fields_[c]);
    if (!v || *v == 0) bad(n, c, "an integer from 1 to " + kUint64Max);
    return *v;
  }

  // Empty (not reported) or an integer of uint64's range.
  std::optional<std::uint64_t> count(std::uint64_t n, Column c) const {
    if (fields_[c].empty()) return std::nullopt;
    const auto v = whole_uint64(fields_[c]);
    if (!v) bad(n, c, "empty or an integer from 0 to " + kUint64Max);
    return v;
  }

  // Empty (not timed) or a finite number of nanoseconds, 0 or more.
  std::optional<double> latency_field(std::uint64_t n) const {
    const std::string& text = fields_[latency];
    if (text.empty()) return std::nullopt;
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v) || std::signbit(v))
      bad(n, latency, "empty or a finite number of nanoseconds, 0 or more");
    return v;
  }

  const std::string& path_;
  PerPuzzleSide side_;
  std::map<const GroupRows*, std::vector<PassRow>> passes_;  // every row's pass, by group (map nodes stay put)
  std::vector<std::string> fields_;
};

}  // namespace

PerPuzzleSide read_per_puzzle_file(const std::string& path) {
  // The input's own reader: plain or gzip, and its errors for truncated or corrupt files.
  InputFile in(path, false);
  Reader reader(path);
  std::string pending;             // bytes after the last complete record
  std::uint64_t n = 0, first = 0;  // lines seen; where the record in `pending` began
  std::vector<char> block(1 << 17);
  std::size_t scanned = 0;  // bytes of `pending` known to hold no record end
  bool open = false;        // a quoted field of that record holds a line break: it goes on
  for (std::size_t got; (got = in.read(block.data(), block.size())) > 0;) {
    pending.append(block.data(), got);
    std::size_t start = 0;
    for (std::size_t end; (end = pending.find('\n', std::max(start, scanned))) != std::string::npos;) {
      ++n;
      if (first == 0) first = n;
      // Quotes come in pairs ("" within a quoted field too): an odd count opens or closes a field.
      // Only the new line is counted, so that a stray quote costs linear time.
      const auto from = pending.begin() + static_cast<std::ptrdiff_t>(std::max(start, scanned));
      if (first > 1 && std::count(from, pending.begin() + static_cast<std::ptrdiff_t>(end), '"') % 2 != 0) open = !open;
      if (open) {
        // A name of run's is a path, far shorter: a longer record is a quote that never closes.
        if (end - start > kLongestRecord) throw IoError(path, "a quoted field is not closed", first);
        scanned = end + 1;
        continue;
      }
      reader.take(std::string_view(pending).substr(start, end - start), first);
      first = 0;
      start = end + 1;
      scanned = start;
    }
    pending.erase(0, start);
    scanned -= start;
  }
  if (!pending.empty()) reader.take(pending, first ? first : n + 1);
  if (n == 0 && pending.empty()) throw IoError(path, "not a run --per-puzzle file: it is empty", 1);
  return reader.finish();
}

}  // namespace sudoku_bench
