// Names as tables and progress lines show them: whole where they fit, else their start and end.
#include "report/names.h"

#include <gtest/gtest.h>

#include <string>

using sudoku_bench::short_name;
using sudoku_bench::text_columns;

TEST(NamesTest, ANameThatFitsIsWhole) {
  EXPECT_EQ(short_name("bitmask"), "bitmask");
  const std::string exactly(sudoku_bench::kNameColumns, 'x');
  EXPECT_EQ(short_name(exactly), exactly);
  EXPECT_EQ(short_name(""), "");
}

TEST(NamesTest, ALongNameKeepsItsStartAndItsLongerEnd) {
  const std::string spec = "plugin:/tmp/" + std::string(120, 'd') + "/libbitmask_plugin.so:Symbol";
  const std::string s = short_name(spec);
  EXPECT_EQ(text_columns(s), sudoku_bench::kNameColumns) << s;
  EXPECT_EQ(s, "bitma...gin:Symbol") << s;
  EXPECT_EQ(short_name("abcdefghij", 7), "a...hij");
  EXPECT_EQ(short_name("abcdefghij", 3), "abc");  // no room for the dots
  EXPECT_EQ(short_name("abcdefghij", 0), "");
}

// A spec long for its folders shows its files' names (issue 65: "plugi..._plugin.so" said nothing).
TEST(NamesTest, ASpecLongForItsFoldersShowsItsFileNames) {
  EXPECT_EQ(short_name("plugin:/work/main/build/harness/plugin_example/bitmask_plugin.so"), "bitmask_plugin.so");
  EXPECT_EQ(short_name("plugin:/tmp/" + std::string(100, 'd') + "/libbitmask_plugin.so"), "bitmask_plugin");
  EXPECT_EQ(short_name("plugin:/tmp/v1/libx.so:solve"), "libx.so:solve");
  EXPECT_EQ(short_name("plugin:/tmp/v1/libx.so"), "plugin:libx.so");
  EXPECT_EQ(short_name("exec:python3 /home/me/src/solver.py"), "python3 solver.py");
  EXPECT_EQ(short_name("exec:/usr/bin/python3 x.py"), "exec:python3 x.py");
  EXPECT_EQ(short_name("run: a long label 2/5 of the passes", 30), "run: a lo... 2/5 of the passes");
}

TEST(NamesTest, ColumnsAreCodePointsAndCutsFallBetweenThem) {
  const std::string name = "d\xC3\xA9j\xC3\xA0_vu_\xC3\xBC\xC3\xBC\xC3\xBC\xC3\xBC";  // "déjà_vu_üüüü"
  EXPECT_EQ(text_columns(name), 12u);
  EXPECT_EQ(short_name(name, 12), name);
  const std::string s = short_name(name, 9);  // 2 from the start, 4 from the end
  EXPECT_EQ(s, "d\xC3\xA9...\xC3\xBC\xC3\xBC\xC3\xBC\xC3\xBC") << s;
  EXPECT_EQ(text_columns(s), 9u);
}
