#include "sudoku/random_puzzle.h"

#include <array>
#include <bit>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "random.h"

namespace sudoku {
namespace {

using Mask = std::uint64_t;  // bit d: digit d + 1 is still possible; 49 digits fit

// Candidates of every cell under Norvig's propagation. Eliminations wait on a stack rather than
// recursing as his code does: a 25x25 cascade would go thousands of calls deep, and the fixpoint
// reached (or the contradiction met) is the same in any order.
class Candidates {
 public:
  explicit Candidates(int box) : box_(box), side_(box * box), cells_(side_ * side_) {
    for (int cell = 0; cell < cells_; ++cell) {
      const int row = cell / side_, col = cell % side_;
      const int unit[3] = {row, side_ + col, 2 * side_ + (row / box_) * box_ + col / box_};
      for (int k = 0; k < 3; ++k) {
        units_of_[static_cast<std::size_t>(cell * 3 + k)] = static_cast<std::uint16_t>(unit[k]);
        unit_cells_[static_cast<std::size_t>(unit[k] * side_ + fill_[static_cast<std::size_t>(unit[k])]++)] =
            static_cast<std::uint16_t>(cell);
      }
    }
    pending_.reserve(static_cast<std::size_t>(cells_ * side_));
  }

  void open_all() {
    const Mask all = (Mask{1} << side_) - 1;  // side_ <= 49
    for (int cell = 0; cell < cells_; ++cell) candidates_[static_cast<std::size_t>(cell)] = all;
    for (int i = 0; i < 3 * side_ * side_; ++i) places_[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(side_);
    decided_ = 0;
    digits_ = 0;
  }

  // Kept as cells are decided, so that the stopping rule costs nothing per assignment.
  int decided() const { return decided_; }
  int distinct_digits() const { return std::popcount(digits_); }

  Mask at(int cell) const { return candidates_[static_cast<std::size_t>(cell)]; }

  // Leaves `cell` only `digit` (0-based); false on a contradiction.
  bool assign(int cell, int digit) {
    pending_.clear();
    for (Mask others = at(cell) & ~(Mask{1} << digit); others != 0; others &= others - 1)
      pending_.push_back({static_cast<std::uint16_t>(cell), static_cast<std::uint8_t>(std::countr_zero(others))});
    return propagate();
  }

 private:
  struct Elimination {
    std::uint16_t cell;
    std::uint8_t digit;
  };

  const std::uint16_t* unit(int u) const { return &unit_cells_[static_cast<std::size_t>(u * side_)]; }

  bool propagate() {
    while (!pending_.empty()) {
      const Elimination e = pending_.back();
      pending_.pop_back();
      Mask& here = candidates_[e.cell];
      const Mask bit = Mask{1} << e.digit;
      if (!(here & bit)) continue;
      here &= ~bit;
      if (here == 0) return false;
      // A cell down to one digit takes that digit from its peers.
      if (std::has_single_bit(here)) {
        ++decided_;
        digits_ |= here;
        const auto last = static_cast<std::uint8_t>(std::countr_zero(here));
        for (int k = 0; k < 3; ++k) {
          const std::uint16_t* cells = unit(units_of_[static_cast<std::size_t>(e.cell * 3 + k)]);
          for (int i = 0; i < side_; ++i)
            if (cells[i] != e.cell) pending_.push_back({cells[i], last});
        }
      }
      // A unit down to one place for the digit puts it there. The places are counted as they go,
      // so that only a unit down to one is searched for it.
      for (int k = 0; k < 3; ++k) {
        const int u = units_of_[static_cast<std::size_t>(e.cell * 3 + k)];
        const int places = --places_[static_cast<std::size_t>(u * side_ + e.digit)];
        if (places == 0) return false;
        if (places == 1) {
          const std::uint16_t* cells = unit(u);
          int where = 0;
          while (!(candidates_[cells[where]] & bit)) ++where;
          where = cells[where];
          for (Mask others = candidates_[static_cast<std::size_t>(where)] & ~bit; others != 0; others &= others - 1)
            pending_.push_back(
                {static_cast<std::uint16_t>(where), static_cast<std::uint8_t>(std::countr_zero(others))});
        }
      }
    }
    return true;
  }

  int box_, side_, cells_;
  std::array<Mask, kMaxCells> candidates_{};
  std::array<std::uint16_t, kMaxCells * 3> units_of_{};
  std::array<std::uint16_t, kMaxCells * 3> unit_cells_{};  // 3 * side units of side cells each
  std::array<int, kMaxSide * 3> fill_{};
  std::array<std::uint8_t, kMaxSide * 3 * kMaxSide> places_{};  // per unit and digit: cells still open to it
  std::vector<Elimination> pending_;
  int decided_ = 0;
  Mask digits_ = 0;
};

// The k-th (0-based) set bit of `mask`.
int nth_bit(Mask mask, std::uint32_t k) {
  for (; k > 0; --k) mask &= mask - 1;
  return std::countr_zero(mask);
}

}  // namespace

Grid random_puzzle(const RandomPuzzleOptions& options, std::uint64_t seed) {
  if (options.box < kMinBox || options.box > kMaxRandomBox)
    throw std::invalid_argument("box " + std::to_string(options.box) +
                                " is not a size random puzzles are made for (2 to " + std::to_string(kMaxRandomBox) +
                                ")");
  Grid puzzle;
  puzzle.box = options.box;
  const int side = puzzle.side(), cells = puzzle.cell_count();
  const int min_decided = options.min_decided > 0 ? options.min_decided : (17 * cells + 80) / 81;
  const int min_digits = options.min_digits > 0 ? options.min_digits : side - 1;
  if (min_decided > cells || min_digits > side)
    throw std::invalid_argument("a " + std::to_string(side) + "x" + std::to_string(side) + " puzzle has no " +
                                std::to_string(min_decided) + " cells with " + std::to_string(min_digits) +
                                " distinct digits");
  detail::SplitMix64 rng(detail::mix_seed(detail::mix_seed(seed, static_cast<std::uint64_t>(options.box)), 17));
  Candidates board(options.box);
  std::array<std::uint16_t, kMaxCells> order;
  for (;;) {
    board.open_all();
    std::iota(order.begin(), order.begin() + cells, 0);
    rng.shuffle(order.data(), cells);
    for (int i = 0; i < cells; ++i) {
      const int cell = order[static_cast<std::size_t>(i)];
      const Mask open = board.at(cell);
      const int digit = nth_bit(open, rng.below(static_cast<std::uint32_t>(std::popcount(open))));
      if (!board.assign(cell, digit)) break;  // a dead end: start over, as Norvig does
      if (board.decided() >= min_decided && board.distinct_digits() >= min_digits) {
        for (int c = 0; c < cells; ++c) {
          const Mask m = board.at(c);
          puzzle.cells[static_cast<std::size_t>(c)] =
              std::has_single_bit(m) ? static_cast<std::uint8_t>(std::countr_zero(m) + 1) : 0;
        }
        return puzzle;
      }
    }
  }
}

}  // namespace sudoku
