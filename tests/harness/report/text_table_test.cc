// Tables for a terminal: one row a line where no width is given (a pipe, a file), and a table wider
// than the width split into blocks of columns that repeat the keys (issue 65: every line within COLUMNS).
#include "report/text_table.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "report/names.h"

using sudoku_bench::TableFit;
using sudoku_bench::text_columns;
using sudoku_bench::text_table;

namespace {

const std::vector<std::vector<std::string>> kRows{
    {"dataset", "solver", "threads", "puzzles/s", "spread", "lat p50", "lat p99", "nodes avg"},
    {"top95", "bitmask", "1", "8,363", "4.4%", "97.2 us", "437 us", "106.1"},
    {"top95", "fast", "2", "301,320", "17.2%", "4.72 us", "33.5 us", "18.9"},
};
const std::vector<bool> kLeft{true, true, false, false, false, false, false, false};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

// The contract with scripts that read the table through a pipe: without a width, every row is a
// line, columns one space apart, whatever the keys and the notes.
TEST(TextTableTest, WithoutAWidthEveryRowIsOneLine) {
  const std::string expected =
      "dataset solver  threads puzzles/s spread lat p50 lat p99 nodes avg\n"
      "top95   bitmask       1     8,363   4.4% 97.2 us  437 us     106.1\n"
      "top95   fast          2   301,320  17.2% 4.72 us 33.5 us      18.9\n";
  EXPECT_EQ(text_table(kRows, kLeft), expected);
  EXPECT_EQ(text_table(kRows, kLeft, {std::nullopt, 3, {}}), expected);
  // A table that fits its width is the same table.
  EXPECT_EQ(text_table(kRows, kLeft, {80, 3, {}}), expected);
}

TEST(TextTableTest, AWideTableSplitsIntoBlocksThatRepeatTheKeys) {
  const std::string text = text_table(kRows, kLeft, {40, 3, {}});
  const std::vector<std::string> lines = lines_of(text);
  for (const std::string& line : lines) EXPECT_LE(text_columns(line), 40u) << line;
  // Blocks of three rows, a blank line apart; each starts with the keys.
  ASSERT_EQ(lines.size() % 4, 3u) << text;
  for (std::size_t at = 0; at < lines.size(); at += 4) {
    EXPECT_EQ(lines[at].rfind("dataset solver  threads ", 0), 0u) << lines[at];
    EXPECT_EQ(lines[at + 2].rfind("top95   fast          2 ", 0), 0u) << lines[at + 2];
    if (at + 3 < lines.size()) {
      EXPECT_EQ(lines[at + 3], "");
    }
  }
  // Every column shows once, in order, beside the keys.
  std::string headers;
  for (std::size_t at = 0; at < lines.size(); at += 4) headers += lines[at].substr(24) + " ";
  EXPECT_EQ(headers, "puzzles/s spread lat p50 lat p99 nodes avg ") << text;
  EXPECT_GT(lines.size(), 3u) << "not split: " << text;
}

// A column wider than the width still shows, alone beside the keys: cut, it would say less.
TEST(TextTableTest, AColumnWiderThanTheWidthStandsAloneInItsBlock) {
  const std::vector<std::vector<std::string>> rows{{"key", "a", std::string(50, 'w'), "b"}, {"k", "1", "2", "3"}};
  const std::vector<std::string> lines = lines_of(text_table(rows, {true, false, false, false}, {40, 1, {}}));
  ASSERT_EQ(lines.size(), 8u);
  EXPECT_EQ(lines[0], "key a");
  EXPECT_EQ(lines[3], "key " + std::string(50, 'w'));
  EXPECT_EQ(lines[6], "key b");
}

// A row's notes follow it in the first block only, fitted to the width with a hanging indent.
TEST(TextTableTest, NotesFollowTheirRowInTheFirstBlock) {
  TableFit fit{std::nullopt, 3, {{}, {"  warning: " + std::string(60, 'x') + " and more words"}, {}}};
  const std::string unfitted = text_table(kRows, kLeft, fit);
  EXPECT_NE(unfitted.find("106.1\n  warning: " + std::string(60, 'x') + " and more words\ntop95   fast"),
            std::string::npos)
      << unfitted;
  fit.width = 40;
  const std::vector<std::string> lines = lines_of(text_table(kRows, kLeft, fit));
  std::size_t warnings = 0;
  for (const std::string& line : lines) {
    EXPECT_LE(text_columns(line), 40u) << line;
    warnings += line.find("warning:") != std::string::npos;
  }
  EXPECT_EQ(warnings, 1u);
  ASSERT_GT(lines.size(), 3u);
  EXPECT_EQ(lines[2].rfind("  warning:", 0), 0u) << lines[2];
}
