#include "stream/verifier.h"

#include <algorithm>
#include <cstring>

#include "sudoku/split_mix64.h"

namespace sudoku_bench {
namespace {

// The words' sum over `n` cells; inlined with n = 81, a constant, for the common 9x9 grid, so that
// its loop unrolls with no bounds to test per word (sample_hash was 3.3% of fast's samples, perf).
[[gnu::always_inline]] inline std::uint64_t word_sum(const sudoku::Grid& grid, std::size_t n) {
  constexpr auto kCells = static_cast<std::size_t>(sudoku::kMaxCells);
  std::uint64_t h = 0;
  for (std::size_t i = 0; i < n; i += 8) {
    std::uint64_t word = 0;
    // Whole words (a call to memcpy per word otherwise); the cells past the grid's are not its own.
    std::memcpy(&word, grid.cells.data() + std::min(i, kCells - 8), 8);
    if (i + 8 > kCells) word >>= 8 * (i + 8 - kCells);
    if (n - i < 8) word &= (std::uint64_t{1} << (8 * (n - i))) - 1;
    // Each word by a multiplier of its own, summed: no chain of dependent multiplies.
    h += word * (0xff51afd7ed558ccdULL + 2 * i);
  }
  return h;
}

// The hash that picks the records judged: a word of 8 cells at a time, the words' products
// independent (sudoku::puzzle_seed, a cell at a time, took 18% of a run of fast on
// kaggle_first20k, where every record is hashed; a chain of a multiply per word, 7.5%).
std::uint64_t sample_hash(const sudoku::Grid& grid) {
  const auto n = static_cast<std::size_t>(grid.cell_count());
  std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ static_cast<std::uint64_t>(grid.box);
  h += n == 81 ? word_sum(grid, 81) : word_sum(grid, n);
  return sudoku::SplitMix64(h).next();
}

// One record in `every` falls below this (no division per record): 0 for none, ~0 for all.
std::uint64_t sample_threshold(std::uint64_t every) {
  return every <= 1 ? ~std::uint64_t{0} : ~std::uint64_t{0} / every;
}

}  // namespace

Verifier::Verifier(const sudoku::SolverFactory* reference, std::uint64_t every)
    : factory_(reference),
      reference_(reference ? reference->make() : nullptr),
      threshold_(sample_threshold(every)),
      ask_threshold_(threshold_ == ~std::uint64_t{0} ? threshold_ : threshold_ / kAskAgainOfJudged) {}

Verifier::Sample Verifier::sample(const sudoku::Grid& puzzle) const {
  if (threshold_ == ~std::uint64_t{0}) return {.judged = true, .asks_again = true};
  const std::uint64_t hash = sample_hash(puzzle);
  return {.judged = hash < threshold_, .asks_again = hash < ask_threshold_};
}

Verifier::Recount Verifier::recount(const sudoku::Grid& puzzle, const sudoku::SolveOptions& options,
                                    std::uint64_t solutions) {
  sudoku::SolveOptions counting;
  counting.max_solutions = options.max_solutions;
  counting.stop = options.stop;
  const sudoku::SolveResult ref = reference_->solve(puzzle, counting, nullptr);
  if (ref.aborted) return {.stopped = true, .wrong = {}};  // only the stop flag can abort it
  if (ref.solutions == solutions) return {};
  const std::uint64_t limit = counting.max_solutions;
  const auto count = [&](std::uint64_t n) {
    return std::to_string(n) + (n == limit ? " or more" : "") + (n == 1 ? " solution" : " solutions");
  };
  return {.stopped = false,
          .wrong =
              "counts " + count(solutions) + "; the reference " + factory_->name() + " counts " + count(ref.solutions)};
}

}  // namespace sudoku_bench
