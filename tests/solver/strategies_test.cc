// The strategy registry (sudoku/strategies.h): every listed strategy is made by its name, and
// unknown names and options are errors that say so.
#include "sudoku/strategies.h"

#include <gtest/gtest.h>

#include <string>

namespace {

TEST(Strategies, AreListedAndMadeByName) {
  std::string error;
  for (const auto& info : sudoku::strategy_list()) {
    auto factory = sudoku::make_solver_factory(info.name, error);
    ASSERT_NE(factory, nullptr) << info.name << ": " << error;
    const bool nine_only = info.name == "fast";  // specialised to 9x9 by design
    for (int box = sudoku::kMinBox; box <= sudoku::kMaxBox; ++box)
      EXPECT_EQ(factory->supports(box), box == 3 || !nine_only) << info.name << " " << box;
    EXPECT_FALSE(factory->supports(sudoku::kMaxBox + 1));
  }
  EXPECT_EQ(sudoku::make_solver_factory("backtrack", error)->name(), "backtrack");
  EXPECT_EQ(sudoku::make_solver_factory("logic", error)->name(), "logic");
  for (const char* spec : {"backtrack:x", "logic:fc", "backtrack:"}) {
    EXPECT_EQ(sudoku::make_solver_factory(spec, error), nullptr) << spec;
    EXPECT_NE(error.find("takes no options"), std::string::npos) << error;
  }
}

TEST(StrategiesTest, UnknownNamesAndOptionsAreErrors) {
  std::string error;
  EXPECT_EQ(sudoku::make_solver_factory("nosuch", error), nullptr);
  EXPECT_NE(error.find("unknown solver 'nosuch'"), std::string::npos) << error;
  EXPECT_EQ(sudoku::make_solver_factory("bitmask:fast", error), nullptr);
  EXPECT_NE(error.find("takes no options"), std::string::npos) << error;
}

}  // namespace
