#include "sudoku/generate.h"

#include <array>
#include <bit>
#include <numeric>
#include <stdexcept>
#include <string>

#include "random.h"
#include "strategies/bitmask.h"
#include "strategies/propagation/propagation.h"

namespace sudoku {
namespace {

// Filling an empty grid rarely needs more; a fill that does is retried with another first row.
constexpr std::uint64_t kFillNodes = 100'000;

// A random complete grid. The filler's random digit order draws from a stream seeded by the grid
// it starts from, so a random first row (any permutation is consistent) is what makes each
// puzzle of a series different.
Grid complete_grid(Solver& filler, int box, detail::SplitMix64& rng) {
  Grid start;
  start.box = box;
  const int side = start.side();
  SolveOptions once;
  once.max_solutions = 1;
  once.max_nodes = kFillNodes;
  for (;;) {
    std::iota(start.cells.begin(), start.cells.begin() + side, 1);
    rng.shuffle(start.cells.data(), side);
    Grid full;
    if (filler.solve(start, once, &full).solutions == 1) return full;
  }
}

}  // namespace

PuzzleGenerator::PuzzleGenerator(const GenerateOptions& options) : options_(options) {
  if (options.box < kMinBox || options.box > kMaxBox)
    throw std::invalid_argument("box " + std::to_string(options.box) + " is not a supported size (2 to 7)");
  detail::PropagationConfig fill;
  fill.rules = {.naked_singles = true, .hidden_singles = true, .naked_pairs = true, .locked_candidates = true};
  fill.cell_order = detail::CellOrder::mrv;
  fill.digit_order = detail::DigitOrder::random;
  fill.seed = options.seed;
  filler_ = detail::make_propagation_solver(fill);
  checker_ = detail::make_bitmask_factory()->make();
}

PuzzleGenerator::PuzzleGenerator(PuzzleGenerator&&) noexcept = default;
PuzzleGenerator& PuzzleGenerator::operator=(PuzzleGenerator&&) noexcept = default;
PuzzleGenerator::~PuzzleGenerator() = default;

namespace {

// The digits (bit d for digit d) that no given in the row, column or box of `cell` holds.
std::uint64_t open_digits(const Grid& g, int cell) {
  const int side = g.side(), box = g.box, row = cell / side, col = cell % side;
  const int r0 = row / box * box, c0 = col / box * box;
  std::uint64_t used = 0;
  for (int i = 0; i < side; ++i) {
    used |= std::uint64_t{1} << g.cells[row * side + i];
    used |= std::uint64_t{1} << g.cells[i * side + col];
    used |= std::uint64_t{1} << g.cells[(r0 + i / box) * side + c0 + i % box];
  }
  return (((std::uint64_t{1} << side) - 1) << 1) & ~used;
}

// Whether the givens leave digit `v` no other place than the blank `cell` in its row, its column
// or its box: then every solution has `v` there.
bool only_place(const Grid& g, int cell, int v) {
  const int side = g.side(), box = g.box, row = cell / side, col = cell % side;
  const int r0 = row / box * box, c0 = col / box * box;
  const std::uint64_t bit = std::uint64_t{1} << v;
  const auto elsewhere = [&](int other) {
    return other != cell && g.cells[other] == 0 && (open_digits(g, other) & bit);
  };
  bool in_row = false, in_col = false, in_box = false;
  for (int i = 0; i < side; ++i) {
    in_row = in_row || elsewhere(row * side + i);
    in_col = in_col || elsewhere(i * side + col);
    in_box = in_box || elsewhere((r0 + i / box) * side + c0 + i % box);
  }
  return !in_row || !in_col || !in_box;
}

}  // namespace

std::uint64_t default_proof_nodes(int box) { return box <= 3 ? 0 : box == 4 ? 1'000'000 : 16; }

Grid PuzzleGenerator::make(std::uint64_t index) {
  detail::SplitMix64 rng(
      detail::mix_seed(detail::mix_seed(options_.seed, static_cast<std::uint64_t>(options_.box)), index));
  Grid puzzle = complete_grid(*filler_, options_.box, rng);
  const int cells = puzzle.cell_count();
  std::array<std::uint16_t, kMaxCells> order;
  std::iota(order.begin(), order.begin() + cells, 0);
  rng.shuffle(order.data(), cells);
  if (!options_.unique) {
    for (int i = 0; i < cells - options_.min_givens; ++i) puzzle.cells[order[i]] = 0;
    return puzzle;
  }

  SolveOptions count;  // check_nodes: the whole puzzle counted again
  count.max_solutions = 2;
  count.max_nodes = options_.check_nodes;
  SolveOptions other;  // else: one solution with another digit in the cell
  other.max_solutions = 1;
  const std::uint64_t budget = default_proof_nodes(options_.box);
  int givens = cells;
  for (int i = 0; i < cells && givens > options_.min_givens; ++i) {
    const int cell = order[i];
    const std::uint8_t given = puzzle.cells[cell];
    puzzle.cells[cell] = 0;
    bool unique = true;
    if (options_.check_nodes != 0) {
      // Within the limit, so that the reference solver proves the output unique within it.
      const SolveResult r = checker_->solve(puzzle, count, nullptr);
      unique = r.solutions == 1 && !r.aborted;
    } else if (!only_place(puzzle, cell, given)) {
      // The puzzle had one solution, so it keeps one exactly when no solution puts another digit
      // in the cell: each digit its row, column and box leave open must have none. That proof
      // searches trees far smaller than counting the puzzle's solutions again. One that needs
      // `budget` nodes or more (all digits together; 0: no limit) keeps the given: the puzzle
      // stays unique, only perhaps not minimal.
      std::uint64_t spent = 0;
      const std::uint64_t digits = open_digits(puzzle, cell) & ~(std::uint64_t{1} << given);
      for (std::uint64_t open = digits; open && unique; open &= open - 1) {
        puzzle.cells[cell] = static_cast<std::uint8_t>(std::countr_zero(open));
        other.max_nodes = budget == 0 ? 0 : budget - spent;
        const SolveResult r = checker_->solve(puzzle, other, nullptr);
        spent += r.nodes;
        unique = r.solutions == 0 && !r.aborted && (budget == 0 || spent < budget);
      }
      puzzle.cells[cell] = 0;
    }
    if (unique)
      --givens;
    else
      puzzle.cells[cell] = given;  // needed for uniqueness, or too costly to prove without it
  }
  return puzzle;
}

}  // namespace sudoku
