// Text fitted to a width: lines that fit untouched, no width untouched (a pipe keeps one row a
// line), and a figure kept with its unit where a line breaks.
#include "sys/terminal.h"

#include <gtest/gtest.h>

#include <string>

using sudoku_bench::fit_lines;
using sudoku_bench::wrap;

TEST(TerminalTest, NoWidthLeavesTheLinesAsTheyAre) {
  const std::string lines = std::string(200, 'x') + "\n  a b\n\n" + std::string(90, 'y') + " z\n";
  EXPECT_EQ(fit_lines(lines, std::nullopt), lines);
}

TEST(TerminalTest, OnlyLinesLongerThanTheWidthAreWrappedWithAHangingIndent) {
  EXPECT_EQ(fit_lines("short\n  one two three four\n", 12), "short\n  one two\n    three\n    four\n");
}

// "parallel 270 us per record" broken after 270 starts a line with "us"; "18.92 ± 1.38" after ±
// ends one with it (issue 65, the prose under run's table at COLUMNS=80).
TEST(TerminalTest, AFigureKeepsItsUnitAndItsSpread) {
  EXPECT_EQ(wrap("serial 475 ns, parallel 270 us per record", 24, 0, 2),
            "serial 475 ns, parallel\n  270 us per record");
  EXPECT_EQ(wrap("parallel 270 us", 13, 0, 0), "parallel\n270 us");
  EXPECT_EQ(wrap("ran 18.92 \u00b1 1.38 times", 14, 0, 0), "ran\n18.92 \u00b1 1.38\ntimes");
  EXPECT_EQ(wrap("took 5 s", 80, 0, 0), "took 5 s");
  EXPECT_EQ(wrap("a s", 2, 0, 0), "a\ns");  // "s" after a word, not a figure: not glued
}
