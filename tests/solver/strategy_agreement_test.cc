// Every strategy against the reference `bitmask` on samples of every bundled dataset: the same
// solution counts, valid solutions. A search that hits its node limit says so (`aborted`) and is
// skipped; it must never report a wrong count.
#include <gtest/gtest.h>

#include <string>

#include "solver_util.h"
#include "test_util.h"

namespace {

using test_util::options;
using test_util::parse;

struct Spec {
  const char* spec;
  std::uint64_t max_nodes;  // 0: the search must always finish
};

// The weak propagation levels and the blind cell orders get a node limit (the random order needs
// hundreds of thousands of nodes on 25x25); the rest must finish every sampled puzzle.
constexpr Spec kSpecs[] = {
    {"backtrack", 100'000},
    {"norvig:fc", 20'000},
    {"norvig:ac", 20'000},
    {"norvig:ac+dual", 0},
    {"norvig", 0},
    {"norvig:ac+dual,var=first", 20'000},
    {"norvig:ac+dual+pairs,var=random,val=random,seed=5", 20'000},
    {"norvig:ac+dual+pairs,var=mrv,val=lcv", 0},
    {"logic", 0},
    {"cadical", 0},
    {"portfolio", 0},
    {"portfolio:nodes=1", 0},  // every puzzle that propagation alone does not decide goes to CaDiCaL
};

struct Case {
  std::string label;
  std::string record;
  std::uint64_t solutions;  // bitmask's count, up to the limit of the test
};

// Solves each case with `spec` and compares with bitmask; returns how many hit the node limit.
int agree(const Spec& spec, const std::vector<Case>& cases, std::uint64_t max_solutions = 2) {
  auto solver = test_util::make_solver(spec.spec);
  int aborted = 0;
  for (const Case& c : cases) {
    const auto puzzle = parse(c.record);
    sudoku::Grid out;
    const auto r = solver->solve(puzzle, options(max_solutions, spec.max_nodes), &out);
    if (r.aborted) {
      EXPECT_NE(spec.max_nodes, 0u) << spec.spec << " aborted without a limit on " << c.label;
      EXPECT_EQ(r.nodes, spec.max_nodes);
      EXPECT_LT(r.solutions, max_solutions);
      ++aborted;
      continue;
    }
    EXPECT_EQ(r.solutions, c.solutions) << spec.spec << " on " << c.label << ": " << c.record;
    if (r.solutions > 0) {
      EXPECT_TRUE(sudoku::is_solution_of(puzzle, out)) << spec.spec << " on " << c.label;
    }
  }
  return aborted;
}

// About `n` records spread evenly over `file` (fewer in sanitizer builds), with bitmask's counts.
std::vector<Case> sample(const std::string& file, std::size_t n, std::uint64_t max_solutions = 2) {
  const auto lines = test_util::read_lines(file);
  n = std::max<std::size_t>(1, n / test_util::stride());
  const std::size_t step = std::max<std::size_t>(1, lines.size() / n);
  auto reference = test_util::make_solver("bitmask");
  std::vector<Case> out;
  for (std::size_t i = 0; i < lines.size(); i += step) {
    const auto r = reference->solve(parse(lines[i]), options(max_solutions), nullptr);
    out.push_back({file + " line " + std::to_string(i + 1), lines[i], r.solutions});
  }
  return out;
}

// The samples are shared by all strategies.
const std::vector<Case>& public_9x9_sample() {
  static const auto cases = [] {
    std::vector<Case> all;
    for (const auto& file : test_util::public_9x9_datasets()) {
      auto some = sample(file, 25);
      all.insert(all.end(), some.begin(), some.end());
    }
    return all;
  }();
  return cases;
}

void PrintTo(const Spec& spec, std::ostream* os) { *os << spec.spec << " (max_nodes " << spec.max_nodes << ")"; }

class Agreement : public ::testing::TestWithParam<Spec> {};

INSTANTIATE_TEST_SUITE_P(, Agreement, ::testing::ValuesIn(kSpecs),
                         [](const auto& info) { return test_util::param_name(info.param.spec); });

TEST_P(Agreement, OnEveryPublic9x9Dataset) {
  // Even the node-limited searches must finish the easiest file, so that they are tested at all.
  std::vector<Case> easy, rest;
  for (const Case& c : public_9x9_sample()) (c.label.starts_with("kaggle") ? easy : rest).push_back(c);
  EXPECT_EQ(agree(GetParam(), easy), 0) << GetParam().spec;
  agree(GetParam(), rest);
}

TEST_P(Agreement, CountsBeyondTwoOnMultiSolutionPuzzles) {
  // serg_benchmark: every puzzle has 2..1555 solutions; counting to 5000 makes the counts exact.
  static const auto serg = sample("serg_benchmark.txt", 5, 5000);
  agree(GetParam(), serg, 5000);
  // top2365 line 570 has 14,044 solutions; a lower limit must stop exactly at it.
  static const std::vector<Case> many = {{"top2365 line 570", test_util::read_lines("top2365.txt")[569], 1000}};
  agree(GetParam(), many, 1000);
}

TEST_P(Agreement, On16x16) {
  static const auto cases = sample("sudoku16x16_1000.txt", 20);
  agree(GetParam(), cases);  // a strategy without a node limit must finish every one
}

}  // namespace

namespace {

TEST_P(Agreement, OnGeneratedPuzzles) {
  static const auto small = sample("generated_4x4_1000.txt", 200);
  static const auto large = sample("generated_25x25_100.txt", 3);
  // One each: a 49x49 node copies 22 KB, and the weak strategies spend their node limits.
  static const auto larger = sample("generated_36x36_100.txt", 1), largest = sample("generated_49x49_20.txt", 1);
  for (const auto* cases : {&small, &large, &larger, &largest}) {
    for (const auto& c : *cases) EXPECT_EQ(c.solutions, 1u) << c.label;
    agree(GetParam(), *cases);  // a strategy without a node limit must finish every one
  }
}

TEST(Generated, EveryPuzzleIsUniqueForBitmaskAndLogic) {
  for (const char* spec : {"bitmask", "logic"}) {
    auto solver = test_util::make_solver(spec);
    for (const char* file : {"generated_4x4_1000.txt", "generated_25x25_100.txt"}) {
      const auto lines = test_util::read_lines(file);
      for (std::size_t i = 0; i < lines.size(); i += test_util::stride()) {
        const auto puzzle = parse(lines[i]);
        sudoku::Grid out;
        const auto r = solver->solve(puzzle, options(2), &out);
        EXPECT_EQ(r.solutions, 1u) << spec << " " << file << " line " << i + 1;
        EXPECT_TRUE(sudoku::is_solution_of(puzzle, out)) << spec << " " << file << " line " << i + 1;
      }
    }
  }
}

}  // namespace
