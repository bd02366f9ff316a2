#include "sudoku/generate.h"

#include <array>
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

Grid PuzzleGenerator::make(std::uint64_t index) {
  detail::SplitMix64 rng(
      detail::mix_seed(detail::mix_seed(options_.seed, static_cast<std::uint64_t>(options_.box)), index));
  Grid puzzle = complete_grid(*filler_, options_.box, rng);
  const int cells = puzzle.cell_count();
  std::array<std::uint16_t, kMaxCells> order;
  std::iota(order.begin(), order.begin() + cells, 0);
  rng.shuffle(order.data(), cells);

  SolveOptions check;
  check.max_solutions = 2;
  check.max_nodes = options_.check_nodes;
  int givens = cells;
  for (int i = 0; i < cells && givens > options_.min_givens; ++i) {
    const int cell = order[i];
    const std::uint8_t given = puzzle.cells[cell];
    puzzle.cells[cell] = 0;
    const SolveResult r = checker_->solve(puzzle, check, nullptr);
    if (r.solutions == 1 && !r.aborted)
      --givens;
    else
      puzzle.cells[cell] = given;  // needed for uniqueness, or too costly to prove without it
  }
  return puzzle;
}

}  // namespace sudoku
