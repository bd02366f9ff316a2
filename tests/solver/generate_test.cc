// The puzzle generator: unique solutions, reproducible series, and its two stopping rules.
#include "sudoku/generate.h"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "solver_util.h"
#include "test_util.h"

namespace {

using test_util::options;

int givens(const sudoku::Grid& g) {
  int n = 0;
  for (int i = 0; i < g.cell_count(); ++i) n += g.cells[i] != 0;
  return n;
}

sudoku::GenerateOptions with(int box, std::uint64_t seed, int min_givens = 0, std::uint64_t check_nodes = 0) {
  sudoku::GenerateOptions o;
  o.box = box;
  o.seed = seed;
  o.min_givens = min_givens;
  o.check_nodes = check_nodes;
  return o;
}

TEST(Generate, EverySizeHasUniquePuzzles) {
  // The larger sizes stop early so that the test stays quick.
  auto checker = test_util::make_solver("bitmask");
  for (const auto& o : {with(2, 1), with(3, 1), with(4, 1, 150), with(5, 1, 420)}) {
    sudoku::PuzzleGenerator generator(o);
    for (std::uint64_t i = 0; i < 3; ++i) {
      const sudoku::Grid p = generator.make(i);
      ASSERT_EQ(p.box, o.box);
      EXPECT_EQ(checker->solve(p, options(2), nullptr).solutions, 1u) << sudoku::to_string(p);
      EXPECT_GE(givens(p), o.min_givens);
      EXPECT_LT(givens(p), p.cell_count());
    }
  }
}

TEST(Generate, WithoutProofTheGridItCameFromStaysASolution) {
  // unique = false: exactly min_givens givens, each from the complete grid of the unique series,
  // so the puzzle is solvable by construction (and here, at 45% of 36x36, not unique).
  for (const int box : {3, 6}) {
    auto o = with(box, 5, box == 3 ? 30 : 583);
    sudoku::PuzzleGenerator proven(o);
    o.unique = false;
    sudoku::PuzzleGenerator blanked(o);
    for (std::uint64_t i = 0; i < 2; ++i) {
      const sudoku::Grid p = blanked.make(i), q = proven.make(i);
      EXPECT_EQ(givens(p), o.min_givens);
      sudoku::Grid solution;
      ASSERT_GE(test_util::make_solver("logic")->solve(q, options(1), &solution).solutions, 1u);
      EXPECT_TRUE(sudoku::is_solution_of(p, solution)) << "puzzle " << i << " of box " << box;
    }
  }
}

TEST(Generate, SameSeedAndIndexSamePuzzle) {
  sudoku::PuzzleGenerator a(with(3, 7)), b(with(3, 7)), c(with(3, 8));
  const auto a0 = sudoku::to_string(a.make(0)), a1 = sudoku::to_string(a.make(1));
  // b asks in another order: a puzzle depends on (options, index) alone.
  const auto b1 = sudoku::to_string(b.make(1)), b0 = sudoku::to_string(b.make(0));
  EXPECT_EQ(a0, b0);
  EXPECT_EQ(a1, b1);
  EXPECT_NE(a0, a1);
  EXPECT_NE(a0, sudoku::to_string(c.make(0)));
}

TEST(Generate, MatchesTheCommittedDatasets) {
  // datasets/SOURCES.md gives the commands; the first records must come out again.
  const struct {
    const char* file;
    sudoku::GenerateOptions options;
    bool slow;  // seconds a puzzle: its first record only, and not in sanitizer builds
  } sets[] = {{"generated_4x4_1000.txt", with(2, 1), false},
              {"generated_25x25_100.txt", with(5, 1, 0, 100), false},
              {"generated_36x36_100.txt", with(6, 1, 0, 100), true}};  // 49x49, 7 s a puzzle: left out
  for (const auto& set : sets) {
    if (set.slow && test_util::stride() != 1) continue;
    const auto lines = test_util::read_lines(set.file);
    sudoku::PuzzleGenerator generator(set.options);
    EXPECT_EQ(sudoku::to_string(generator.make(0)), lines[0]) << set.file;
    if (test_util::stride() == 1 && !set.slow) {
      EXPECT_EQ(sudoku::to_string(generator.make(3)), lines[3]) << set.file;
    }
  }
  // The random sets: at each share, --seed P --keep-percent P (the first of each share's run).
  const struct {
    const char* file;
    int box, per_share;
  } random_sets[] = {{"random_36x36_1000.txt", 6, 200}, {"random_49x49_200.txt", 7, 40}};
  for (const auto& set : random_sets) {
    if (set.box == 7 && test_util::stride() != 1) continue;  // filling a 49x49 grid: seconds in sanitizer builds
    const auto lines = test_util::read_lines(set.file);
    ASSERT_EQ(lines.size(), 5u * set.per_share) << set.file;
    for (const int percent : {45, 65}) {
      auto o = with(set.box, static_cast<std::uint64_t>(percent));
      o.unique = false;
      const int cells = set.box * set.box * set.box * set.box;
      o.min_givens = (cells * percent + 50) / 100;
      const std::size_t first = static_cast<std::size_t>((percent - 45) / 5 * set.per_share);
      EXPECT_EQ(sudoku::to_string(sudoku::PuzzleGenerator(o).make(0)), lines[first]) << set.file << " " << percent;
    }
  }
}

TEST(Generate, WithoutLimitsEveryGivenIsNeeded) {
  auto checker = test_util::make_solver("bitmask");
  sudoku::PuzzleGenerator generator(with(3, 3));
  for (std::uint64_t i = 0; i < 2; ++i) {
    sudoku::Grid p = generator.make(i);
    for (int cell = 0; cell < p.cell_count(); ++cell) {
      if (!p.cells[cell]) continue;
      const auto given = p.cells[cell];
      p.cells[cell] = 0;
      EXPECT_EQ(checker->solve(p, options(2), nullptr).solutions, 2u) << "given at " << cell << " is not needed";
      p.cells[cell] = given;
    }
  }
}

TEST(Generate, MinGivensStopsRemoval) {
  sudoku::PuzzleGenerator generator(with(3, 1, 40));
  for (std::uint64_t i = 0; i < 5; ++i) EXPECT_EQ(givens(generator.make(i)), 40);
}

TEST(Generate, CheckNodesBoundsTheUniquenessProof) {
  auto checker = test_util::make_solver("bitmask");
  sudoku::PuzzleGenerator generator(with(4, 2, 0, 20));
  for (std::uint64_t i = 0; i < 2; ++i) {
    const auto r = checker->solve(generator.make(i), options(2), nullptr);
    EXPECT_EQ(r.solutions, 1u);
    EXPECT_LE(r.nodes, 20u);
  }
}

TEST(Generate, UnsupportedSizesThrow) {
  for (int box : {0, 1, 8}) EXPECT_THROW(sudoku::PuzzleGenerator(with(box, 1)), std::invalid_argument) << box;
}

TEST(Generate, ManyDifferentPuzzles) {
  sudoku::PuzzleGenerator generator(with(3, 11, 30));
  std::set<std::string> seen;
  for (std::uint64_t i = 0; i < 50; ++i) seen.insert(sudoku::to_string(generator.make(i)));
  EXPECT_EQ(seen.size(), 50u);
}

}  // namespace
