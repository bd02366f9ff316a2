// compare --per-puzzle on fixed rows (no timing): a solver against itself is no different; the
// same rows slowed as the test delay slows a build are significantly slower, exit 1. Rows pair per
// (dataset, solver, threads, file, line), repetitions at their median; a malformed row is an input
// error naming its file, line and column.
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "run/compare.h"
#include "run/exit_codes.h"
#include "stream/per_puzzle_rows.h"
#include "temp_file.h"

namespace {

using test_util::Capture;
using test_util::TempFile;

// Rows as run --per-puzzle writes them: two datasets, puzzles with a wide spread of latencies
// (a fixed pseudo-random sequence), each puzzle in two repetitions; `delay_ns` added to every one.
// `scale` multiplies the latencies (another solver), `solver` and `threads` name the pass.
std::string rows(std::uint64_t delay_ns, std::uint64_t jitter_seed = 0, const std::string& solver = "fast",
                 std::uint64_t scale = 1, int threads = 1, bool header = true) {
  std::string text = header ? std::string(sudoku_bench::kPerPuzzleHeader) : std::string();
  std::uint64_t x = 12345;
  const std::string pass = "," + solver + "," + std::to_string(threads) + ",";
  for (const char* dataset : {"hard", "easy"}) {
    for (std::uint64_t line = 1; line <= 400; ++line) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      const std::uint64_t base = (500 + (x >> 33) % 50000) * scale;
      for (int rep = 1; rep <= 2; ++rep) {
        std::uint64_t latency = base + delay_ns;
        if (jitter_seed) latency += ((line * 7919 + static_cast<std::uint64_t>(rep) * jitter_seed) % 21) - 10;
        text += std::string(dataset) + ",datasets/" + dataset + ".txt," + std::to_string(line) + pass +
                std::to_string(rep) + "," + std::to_string(latency) + ",12,5,unique\n";
      }
    }
    text += std::string(dataset) + ",datasets/" + dataset + ".txt,401" + pass + "1,,,,invalid\n";
  }
  return text;
}

struct Result {
  int status;
  std::string out, err;
  std::string base_path, current_path;
};

Result compare_paths(const std::string& base_path, const std::string& current_path) {
  sudoku_bench::CompareCommand command;
  command.base_path = base_path;
  command.current_path = current_path;
  command.per_puzzle = true;
  Capture out, err;
  const int status = sudoku_bench::compare_command(command, out.file(), err.file());
  return {status, out.text(), err.text(), base_path, current_path};
}

Result compare(const std::string& base, const std::string& current) {
  TempFile a(base, ".csv"), b(current, ".csv");
  return compare_paths(a.path(), b.path());
}

// `text` with field `column` (0-based) of CSV line `line` (1-based, the header is line 1) replaced.
std::string with_field(const std::string& text, std::size_t line, std::size_t column, const std::string& value) {
  std::istringstream in(text);
  std::string out, row;
  for (std::size_t n = 1; std::getline(in, row); ++n) {
    if (n == line) {
      std::vector<std::string> fields;
      std::size_t start = 0;
      for (std::size_t comma; (comma = row.find(',', start)) != std::string::npos; start = comma + 1)
        fields.push_back(row.substr(start, comma - start));
      fields.push_back(row.substr(start));
      fields.at(column) = value;
      row.clear();
      for (std::size_t i = 0; i < fields.size(); ++i) row += (i ? "," : "") + fields[i];
    }
    out += row + '\n';
  }
  return out;
}

// Where the table's row of a (dataset, solver, threads) starts in `out`, npos where there is none:
// its columns are as wide as what they hold.
std::size_t table_row(const std::string& out, const std::string& dataset, const std::string& solver, int threads,
                      std::size_t puzzles) {
  // Line by line, its first four words (std::regex trips GCC 12's warnings under ASan).
  const std::vector<std::string> wanted = {dataset, solver, std::to_string(threads), std::to_string(puzzles)};
  for (std::size_t at = 0; at < out.size();) {
    const std::size_t end = std::min(out.find('\n', at), out.size());
    std::istringstream line(out.substr(at, end - at));
    std::vector<std::string> words;
    for (std::string w; words.size() < wanted.size() && line >> w;) words.push_back(w);
    if (words == wanted) return at;
    at = end + 1;
  }
  return std::string::npos;
}

TEST(PerPuzzleCompareTest, ASolverAgainstItselfIsNoDifferent) {
  const Result r = compare(rows(0), rows(0));
  EXPECT_EQ(r.status, sudoku_bench::kExitOk) << r.out << r.err;
  // Two repetitions of 400 puzzles are 400 pairs, not 800: a puzzle counts once.
  EXPECT_NE(table_row(r.out, "hard", "fast", 1, 400), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1.000 [1.000, 1.000] 1.0000"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(" SLOWER\n"), std::string::npos);
  EXPECT_EQ(r.out.find("Most slowed"), std::string::npos);
  EXPECT_TRUE(
      r.out.starts_with("NEW is 0.0% slower than BASE (per-puzzle time +0.0% to +0.0%), p = 1.0000: not "
                        "slower (easy fast 1 thread; 0 of 2 groups slower)\n\nBASE "))
      << r.out;
  // The invalid rows are left out, and said to be.
  EXPECT_NE(r.err.find("hard fast 1 thread: rows left out (not timed, or not solved: aborted, wrong, invalid): "
                       "1 of BASE, 1 of NEW"),
            std::string::npos)
      << r.err;
}

// Times to a first solution (run --limit 1) against times to a count: compared, with a warning;
// the same limit on both sides, none.
TEST(PerPuzzleCompareTest, FirstSolutionsAgainstCountsAreFlagged) {
  std::string first = rows(0);
  for (std::size_t at; (at = first.find(",unique\n")) != std::string::npos;) first.replace(at, 8, ",solved\n");
  const std::string warning =
      "warning: hard fast 1 thread: one file timed first solutions (run --limit 1: outcome solved), the other "
      "counts to 2 or more: the times measure different work";
  for (const auto& [base, current] : {std::pair{rows(0), first}, std::pair{first, rows(0)}}) {
    const Result r = compare(base, current);
    EXPECT_EQ(r.status, sudoku_bench::kExitOk) << r.err;
    EXPECT_NE(table_row(r.out, "hard", "fast", 1, 400), std::string::npos) << r.out;
    EXPECT_NE(r.err.find(warning), std::string::npos) << r.err;
  }
  EXPECT_EQ(compare(first, first).err.find("warning"), std::string::npos);
  EXPECT_EQ(compare(rows(0), rows(0)).err.find("warning"), std::string::npos);
}

TEST(PerPuzzleCompareTest, SymmetricNoiseIsNotSignificant) {
  const Result r = compare(rows(0, 3), rows(0, 5));
  EXPECT_EQ(r.status, sudoku_bench::kExitOk) << r.out;
  EXPECT_EQ(r.out.find(" SLOWER\n"), std::string::npos) << r.out;
}

TEST(PerPuzzleCompareTest, ADelayedBuildIsSignificantlySlower) {
  const Result r = compare(rows(0), rows(2000));  // as -DSUDOKU_BENCH_TEST_DELAY_NS=2000 slows every solve
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("    100.0%       0.0%"), std::string::npos) << r.out;  // new is never faster
  EXPECT_NE(r.out.find("<0.0001 SLOWER"), std::string::npos) << r.out;
  // The answer first, as compare of reports and ab give it: the group slowed most (both datasets
  // hold the same latencies: the first), and how many are.
  EXPECT_TRUE(r.out.starts_with("NEW is ")) << r.out;
  const std::string first = r.out.substr(0, r.out.find('\n'));
  EXPECT_NE(first.find(" slower than BASE (per-puzzle time +"), std::string::npos) << first;
  EXPECT_TRUE(first.ends_with("), p < 0.0001: SLOWER (easy fast 1 thread; 2 of 2 groups slower)")) << first;
  // The most slowed are the fastest puzzles, where 2 us weighs most; named by file and line.
  EXPECT_NE(r.out.find("Most slowed in hard fast 1 thread"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  datasets/hard.txt:"), std::string::npos);
  // In columns: every such line of a group as long as the others, the ratios one under another.
  std::set<std::size_t> widths;
  for (std::size_t at = r.out.find("\n  datasets/hard.txt:"); at != std::string::npos;
       at = r.out.find("\n  datasets/hard.txt:", at + 1))
    widths.insert(r.out.find('\n', at + 1) - at);
  EXPECT_EQ(widths.size(), 1u) << r.out;
  // The other way round, the new build is faster: not slower.
  EXPECT_EQ(compare(rows(2000), rows(0)).status, sudoku_bench::kExitOk);
}

// Two solvers in one file (run --solver a,b) pair each with itself, never with the other: a
// slow solver's rows in NEW against the fast one's in BASE would be "SLOWER" by their ratio.
TEST(PerPuzzleCompareTest, PairsBySolver) {
  const std::string fast = rows(0, 0, "fast"), slow = rows(0, 0, "slow", 8, 1, false);
  const Result same = compare(fast + slow, fast + slow);
  EXPECT_EQ(same.status, sudoku_bench::kExitOk) << same.out << same.err;
  EXPECT_NE(table_row(same.out, "hard", "fast", 1, 400), std::string::npos) << same.out;
  EXPECT_NE(table_row(same.out, "hard", "slow", 1, 400), std::string::npos) << same.out;
  EXPECT_EQ(same.out.find(" SLOWER\n"), std::string::npos) << same.out;

  // BASE has both solvers, NEW only the slow one: the slow one is no slower, the fast one unpaired.
  const Result one = compare(fast + slow, std::string(sudoku_bench::kPerPuzzleHeader) + slow);
  EXPECT_EQ(one.status, sudoku_bench::kExitOk) << one.out << one.err;
  EXPECT_NE(table_row(one.out, "hard", "slow", 1, 400), std::string::npos) << one.out;
  EXPECT_EQ(table_row(one.out, "hard", "fast", 1, 400), std::string::npos) << one.out;
  EXPECT_NE(one.err.find("only in BASE: hard fast 1 thread (datasets/hard.txt)"), std::string::npos) << one.err;

  // Only the slow solver got slower: it alone is SLOWER.
  const Result slowed = compare(fast + slow, fast + rows(40000, 0, "slow", 8, 1, false));
  EXPECT_EQ(slowed.status, 1) << slowed.out << slowed.err;
  const std::size_t fast_row = table_row(slowed.out, "hard", "fast", 1, 400);
  const std::size_t slow_row = table_row(slowed.out, "hard", "slow", 1, 400);
  ASSERT_NE(fast_row, std::string::npos) << slowed.out;
  ASSERT_NE(slow_row, std::string::npos) << slowed.out;
  EXPECT_EQ(slowed.out.substr(fast_row, slowed.out.find('\n', fast_row) - fast_row).find("SLOWER"), std::string::npos);
  EXPECT_NE(slowed.out.substr(slow_row, slowed.out.find('\n', slow_row) - slow_row).find("SLOWER"), std::string::npos);

  // Different solvers on the two sides pair nothing: nothing to compare.
  const Result crossed = compare(fast, std::string(sudoku_bench::kPerPuzzleHeader) + slow);
  EXPECT_EQ(crossed.status, sudoku_bench::kExitUsage) << crossed.out;
  EXPECT_NE(crossed.err.find("no (dataset, solver, threads, file) in both files: nothing to compare"),
            std::string::npos)
      << crossed.err;
}

// Thread counts are conditions, not replicates: each is its own row of the table.
TEST(PerPuzzleCompareTest, PairsByThreads) {
  const std::string two = rows(0) + rows(0, 0, "fast", 3, 2, false);
  const Result r = compare(two, two);
  EXPECT_EQ(r.status, sudoku_bench::kExitOk) << r.out << r.err;
  EXPECT_NE(table_row(r.out, "hard", "fast", 1, 400), std::string::npos) << r.out;
  EXPECT_NE(table_row(r.out, "hard", "fast", 2, 400), std::string::npos) << r.out;
}

// The same dataset under another path pairs nothing, and stderr says why.
TEST(PerPuzzleCompareTest, PairsByFile) {
  std::string moved = rows(0);
  for (std::size_t at = 0; (at = moved.find(",datasets/", at)) != std::string::npos; at += 12)
    moved.replace(at, 10, ",/elsewhere/");
  const Result r = compare(rows(0), moved);
  EXPECT_EQ(r.status, sudoku_bench::kExitUsage) << r.out;
  EXPECT_NE(r.err.find("hard fast 1 thread: BASE's rows name datasets/hard.txt, NEW's /elsewhere/hard.txt: rows "
                       "pair only within one file path"),
            std::string::npos)
      << r.err;
}

TEST(PerPuzzleCompareTest, NothingToCompareIsNotSuccess) {
  const std::string header(sudoku_bench::kPerPuzzleHeader);
  const Result empty = compare(header, rows(0));
  EXPECT_EQ(empty.status, sudoku_bench::kExitUsage);
  EXPECT_NE(empty.err.find(empty.base_path + " has a header and no row: nothing to compare"), std::string::npos)
      << empty.err;
  // run --no-latency: rows without a latency are not timed; none pairs.
  std::string untimed = header;
  for (int line = 1; line <= 5; ++line)
    untimed += "hard,datasets/hard.txt," + std::to_string(line) + ",fast,1,1,,12,5,unique\n";
  const Result none = compare(untimed, rows(0));
  EXPECT_EQ(none.status, sudoku_bench::kExitUsage) << none.out;
  EXPECT_NE(none.err.find("hard fast 1 thread: no puzzle timed and solved in both files: not compared"),
            std::string::npos)
      << none.err;
  EXPECT_NE(none.err.find("no puzzle timed and solved in both files: nothing to compare"), std::string::npos);
  const Result nothing = compare("", rows(0));
  EXPECT_EQ(nothing.status, sudoku_bench::kExitIo);
  EXPECT_NE(nothing.err.find(nothing.base_path + ":1: not a run --per-puzzle file: it is empty"), std::string::npos)
      << nothing.err;
}

TEST(PerPuzzleCompareTest, UnreadableFilesAreInputErrors) {
  const Result r = compare("not,a,header\n", rows(0));
  EXPECT_EQ(r.status, sudoku_bench::kExitIo);
  EXPECT_NE(r.err.find(":1: not a run --per-puzzle file"), std::string::npos) << r.err;
  const Result short_row = compare(rows(0) + "hard,x,1,fast\n", rows(0));
  EXPECT_EQ(short_row.status, sudoku_bench::kExitIo);
  EXPECT_NE(short_row.err.find(short_row.base_path + ":1604: expected 10 comma-separated fields, found 4"),
            std::string::npos)
      << short_row.err;
  const Result long_row = compare(rows(0), with_field(rows(0), 7, 9, "unique,x"));
  EXPECT_EQ(long_row.status, sudoku_bench::kExitIo);
  EXPECT_NE(long_row.err.find(long_row.current_path + ":7: expected 10 comma-separated fields, found 11"),
            std::string::npos)
      << long_row.err;
  const Result open_quote = compare(rows(0) + "hard,\"x,1,fast,1,1,5,1,1,unique\n", rows(0));
  EXPECT_EQ(open_quote.status, sudoku_bench::kExitIo);
  EXPECT_NE(open_quote.err.find(":1604: a quoted field is not closed"), std::string::npos) << open_quote.err;
}

// Each malformed value is refused with its file, line and column, and nothing is compared.
TEST(PerPuzzleCompareTest, CorruptRowsAreRejectedWithFileLineAndColumn) {
  struct Case {
    std::size_t column;
    const char *value, *expected;
  };
  const std::string latency_rule = "is not empty or a finite number of nanoseconds, 0 or more";
  const std::string count_rule = "is not empty or an integer from 0 to 18446744073709551615";
  const std::string positive_rule = "is not an integer from 1 to 18446744073709551615";
  const std::vector<std::pair<Case, std::string>> cases = {
      {{6, "nan", "latency_ns"}, latency_rule},
      {{6, "-5", "latency_ns"}, latency_rule},
      {{6, "1e400", "latency_ns"}, latency_rule},
      {{6, "inf", "latency_ns"}, latency_rule},
      {{6, "12abc", "latency_ns"}, latency_rule},
      {{6, " 12", "latency_ns"}, latency_rule},
      {{7, "18446744073709551616", "nodes"}, count_rule},
      {{7, "12abc", "nodes"}, count_rule},
      {{7, "-1", "nodes"}, count_rule},
      {{8, "1.5", "guesses"}, count_rule},
      {{2, "18446744073709551616", "line"}, positive_rule},
      {{2, "0", "line"}, positive_rule},
      {{2, "", "line"}, positive_rule},
      {{4, "0", "threads"}, positive_rule},
      {{4, "+1", "threads"}, positive_rule},
      {{5, "1x", "repetition"}, positive_rule},
      {{3, "", "solver"}, "is not a name (it is empty)"},
      {{9, "found", "outcome"}, "is not an outcome (unique, multiple, solved, none, aborted, wrong or invalid)"},
  };
  for (const auto& [c, rule] : cases) {
    const std::string expected = ":5: column " + std::string(c.expected) + ": '" + c.value + "' " + rule;
    // In BASE and in NEW: both are checked whole.
    const Result base = compare(with_field(rows(0), 5, c.column, c.value), rows(0));
    EXPECT_EQ(base.status, sudoku_bench::kExitIo) << c.value << base.out;
    EXPECT_NE(base.err.find(base.base_path + expected), std::string::npos) << base.err;
    EXPECT_EQ(base.out, "");
    const Result current = compare(rows(0), with_field(rows(0), 5, c.column, c.value));
    EXPECT_EQ(current.status, sudoku_bench::kExitIo) << c.value;
    EXPECT_NE(current.err.find(current.current_path + expected), std::string::npos) << current.err;
  }
  // A decimal latency, and an empty one (not timed), are well formed.
  EXPECT_EQ(compare(with_field(rows(0), 5, 6, "2825.5"), rows(0)).status, sudoku_bench::kExitOk);
  EXPECT_EQ(compare(with_field(rows(0), 5, 6, ""), rows(0)).status, sudoku_bench::kExitOk);
}

TEST(PerPuzzleCompareTest, CorruptGzipRowsNameTheirLine) {
  TempFile gz("", ".csv.gz"), plain(rows(0), ".csv");
  const std::string text = with_field(rows(0), 9, 6, "nan");
  gzFile f = gzopen(gz.path().c_str(), "wb");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(gzwrite(f, text.data(), static_cast<unsigned>(text.size())), static_cast<int>(text.size()));
  ASSERT_EQ(gzclose(f), Z_OK);
  const Result r = compare_paths(gz.path(), plain.path());
  EXPECT_EQ(r.status, sudoku_bench::kExitIo);
  EXPECT_NE(r.err.find(gz.path() + ":9: column latency_ns: 'nan' is not"), std::string::npos) << r.err;
}

// Two rows for one puzzle of one pass (a file concatenated to itself) are an error, not two
// repetitions; the same puzzle in two repetitions is one pair.
TEST(PerPuzzleCompareTest, APuzzleTwiceInOnePassIsAnError) {
  const std::string text = rows(0);
  const Result r = compare(text + text.substr(sudoku_bench::kPerPuzzleHeader.size()), rows(0));
  EXPECT_EQ(r.status, sudoku_bench::kExitIo);
  EXPECT_NE(
      r.err.find(r.base_path + ":1604: a second row for the puzzle and pass of line 2 (dataset, file, solver, threads, "
                               "line and repetition alike)"),
      std::string::npos)
      << r.err;
}

// Quoted fields, line breaks in them and CRLF line ends read as run writes and editors save them.
TEST(PerPuzzleCompareTest, QuotedFieldsAndCrlf) {
  std::string quoted(sudoku_bench::kPerPuzzleHeader), crlf(sudoku_bench::kPerPuzzleHeader);
  for (int line = 1; line <= 30; ++line) {
    const std::string tail =
        "," + std::to_string(line) + ",fast,1,1," + std::to_string(1000 + line * 37) + ",12,5,unique";
    quoted += "\"a,\"\"b\"\"\nc\",\"x/a,\"\"b\"\"\nc.txt\"" + tail + "\n";
    crlf += "\"a,\"\"b\"\"\nc\",\"x/a,\"\"b\"\"\nc.txt\"" + tail + "\r\n";
  }
  const Result r = compare(quoted, crlf);
  EXPECT_EQ(r.status, sudoku_bench::kExitOk) << r.err;
  EXPECT_NE(r.out.find(" 30 "), std::string::npos) << r.out;
  // A row of three lines is named by its first: line 10 is the last of the row from line 8.
  const Result bad = compare(with_field(quoted, 10, 5, "nan"), crlf);
  EXPECT_EQ(bad.status, sudoku_bench::kExitIo) << bad.out;
  EXPECT_NE(bad.err.find(bad.base_path + ":8: column latency_ns: 'nan' is not"), std::string::npos) << bad.err;
}

}  // namespace
