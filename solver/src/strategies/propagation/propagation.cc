#include "strategies/propagation/propagation.h"

#include <array>
#include <bit>
#include <string>
#include <utility>

#include "random.h"
#include "strategies/depth_stack.h"
#include "strategies/failure_weights.h"
#include "strategies/geometry.h"
#include "strategies/mask_state.h"
#include "strategies/per_size.h"
#include "strategies/search_tally.h"

namespace sudoku::detail {
namespace {

template <int B>
class PropagationEngine {
  using G = Geometry<B>;
  using Mask = typename G::Mask;
  static constexpr const G& g = kGeometry<B>;
  static constexpr int kRow = 0, kCol = 1, kBox = 2;  // index into cell_units[cell]

  struct State {
    std::array<Mask, G::kCells> cand;           // an assigned cell keeps exactly its digit
    std::array<std::uint8_t, G::kCells> value;  // 0 until the digit is assigned and gone from the peers
    int unsolved;
  };

 public:
  explicit PropagationEngine(const PropagationConfig& config)
      : config_(config),
        cell_order_(B >= 4 && config.large_grid_cell_order ? *config.large_grid_cell_order : config.cell_order),
        unit_rules_(config.rules.hidden_singles || config.rules.naked_pairs || config.rules.locked_candidates),
        // After naked singles no blank has one candidate, so MRV can stop at the first with two.
        fewest_possible_(config.rules.naked_singles ? 2 : 1) {}

  SolveResult solve(const Grid& puzzle, const SolveOptions& options, Grid* solution) {
    tally_.start(options, solution);
    if (cell_order_ == CellOrder::random || config_.digit_order == DigitOrder::random) {
      // A caller's seed (sudoku-bench --seed) varies the stream too; without one it is as configured.
      const std::uint64_t seed = options.seed ? mix_seed(config_.seed, options.seed) : config_.seed;
      rng_ = SplitMix64(mix_seed(seed, hash_grid(puzzle)));
    }
    State& root = stack_[0];
    clear_queues();
    weights_.reset();
    if (load(puzzle, root) && propagate(root)) search(0);
    return tally_.result();
  }

 private:
  bool load(const Grid& puzzle, State& s) {
    clear_cells<G>(s);
    for (int cell = 0; cell < G::kCells; ++cell) {
      const int v = puzzle.cells[cell];
      if (v == 0) continue;
      const Mask bit = static_cast<Mask>(Mask{1} << (v - 1));
      if (!(s.cand[cell] & bit) || !assign(s, cell, bit)) return false;  // a peer holds the same given
    }
    return true;
  }

  // --- elimination -----------------------------------------------------------------------------

  void clear_queues() {
    singles_len_ = 0;
    dirty_len_ = 0;
    dirty_.fill(false);
  }

  // The cell's candidates changed: its units need another look by the unit rules.
  void touch_units(int cell) {
    if (!unit_rules_) return;
    for (int u : g.cell_units[cell]) {
      if (dirty_[u]) continue;
      dirty_[u] = true;
      dirty_units_[dirty_len_++] = static_cast<std::uint16_t>(u);
    }
  }

  // Removes `bits` from the cell's candidates; false when none is left.
  bool remove(State& s, int cell, Mask bits) {
    const Mask m = static_cast<Mask>(s.cand[cell] & ~bits);
    if (m == s.cand[cell]) return true;
    s.cand[cell] = m;
    if (m == 0) {
      weights_.fail_cell(cell);
      return false;
    }
    touch_units(cell);
    // A cell reaches one candidate once per propagation: one more removal empties it.
    if (config_.rules.naked_singles && single_bit(m)) singles_[singles_len_++] = static_cast<std::uint16_t>(cell);
    return true;
  }

  // `bit` must be one of the cell's candidates.
  bool assign(State& s, int cell, Mask bit) {
    if (s.cand[cell] != bit) {
      s.cand[cell] = bit;
      touch_units(cell);
    }
    s.value[cell] = static_cast<std::uint8_t>(digit_of(bit));
    --s.unsolved;
    for (int p : g.peers[cell])
      if (!remove(s, p, bit)) return false;
    return true;
  }

  bool propagate(State& s) {
    for (;;) {
      while (singles_len_ > 0) {
        const int cell = singles_[--singles_len_];
        if (!s.value[cell] && !assign(s, cell, s.cand[cell])) return false;
      }
      if (s.unsolved == 0 || dirty_len_ == 0) return true;
      const int u = dirty_units_[--dirty_len_];
      dirty_[u] = false;  // changes made while looking at u queue it again
      if (config_.rules.hidden_singles && !hidden_singles(s, u)) return false;
      if (config_.rules.naked_pairs && !naked_pairs(s, u)) return false;
      if (config_.rules.locked_candidates && !locked_candidates(s, u)) return false;
    }
  }

  bool hidden_singles(State& s, int u) {
    Mask once = 0, twice = 0, placed = 0;
    for (int cell : g.unit_cells[u]) {
      const Mask m = s.cand[cell];
      if (s.value[cell]) {
        placed |= m;
        continue;
      }
      twice |= once & m;
      once |= m;
    }
    if ((once | placed) != G::kAll) {  // a digit with no place left in this unit
      weights_.fail_unit(u);
      return false;
    }
    Mask singles = static_cast<Mask>(once & ~twice & ~placed);
    while (singles) {
      const Mask bit = lowest_bit(singles);
      singles = static_cast<Mask>(singles ^ bit);
      int target = -1;
      for (int cell : g.unit_cells[u])
        if (!s.value[cell] && (s.cand[cell] & bit)) target = cell;
      // No target: an earlier single of this unit took the only cell this digit had.
      if (target < 0 || !assign(s, target, bit)) return false;
    }
    return true;
  }

  bool naked_pairs(State& s, int u) {
    const auto& cells = g.unit_cells[u];
    for (int i = 0; i < G::kSide; ++i) {
      const int a = cells[i];
      const Mask pair = s.cand[a];
      if (s.value[a] || count_bits(pair) != 2) continue;
      for (int j = i + 1; j < G::kSide; ++j) {
        const int b = cells[j];
        if (s.value[b] || s.cand[b] != pair) continue;
        for (int other : cells)
          if (other != a && other != b && !s.value[other] && !remove(s, other, pair)) return false;
        break;
      }
    }
    return true;
  }

  // Splits unit u into its B intersections with units of the other kind (a line meets B boxes, a
  // box meets B rows and B columns). A digit whose blanks in u all lie in one intersection must go
  // there, so it leaves the rest of the crossing unit.
  bool locked_candidates(State& s, int u) {
    if (u < 2 * G::kSide) return locked_in(s, u, kBox, [](int k) { return k / B; });  // claiming
    // A box lists its cells row by row: position k is in box-row k / B and box-column k % B.
    return locked_in(s, u, kRow, [](int k) { return k / B; }) &&  // pointing along rows
           locked_in(s, u, kCol, [](int k) { return k % B; });    // and along columns
  }

  template <typename Part>
  bool locked_in(State& s, int u, int crossing_kind, Part part_of) {
    const auto& cells = g.unit_cells[u];
    std::array<Mask, B> part{};
    std::array<int, B> any_cell{};
    for (int k = 0; k < G::kSide; ++k) {
      any_cell[part_of(k)] = cells[k];
      if (!s.value[cells[k]]) part[part_of(k)] |= s.cand[cells[k]];
    }
    for (int i = 0; i < B; ++i) {
      Mask elsewhere = 0;
      for (int j = 0; j < B; ++j)
        if (j != i) elsewhere |= part[j];
      const Mask locked = static_cast<Mask>(part[i] & ~elsewhere);
      if (!locked) continue;
      const int crossing = g.cell_units[any_cell[i]][crossing_kind];
      for (int cell : g.unit_cells[crossing]) {
        if (s.value[cell] || g.cell_units[cell][u / G::kSide] == u) continue;  // assigned, or in u
        if (!remove(s, cell, locked)) return false;
      }
    }
    return true;
  }

  // --- search ----------------------------------------------------------------------------------

  int choose_cell(const State& s) {
    switch (cell_order_) {
      case CellOrder::first:
        for (int cell = 0; cell < G::kCells; ++cell)
          if (!s.value[cell]) return cell;
        break;
      case CellOrder::weighted:
        if (tally_.result().nodes >= config_.weights_after_nodes) return fewest_per_weight(s);
        [[fallthrough]];
      case CellOrder::mrv:
        return fewest_candidates<G>(s, fewest_possible_);
      case CellOrder::random: {
        int pick = static_cast<int>(rng_.below(static_cast<std::uint32_t>(s.unsolved)));
        for (int cell = 0; cell < G::kCells; ++cell)
          if (!s.value[cell] && pick-- == 0) return cell;
        break;
      }
    }
    return -1;  // unreachable: called only with s.unsolved > 0
  }

  // count / weight is least where count * best_weight < best_count * weight; ties: lowest index,
  // which keeps the search near where it was, as MRV's ties do. The first blank is taken as it is,
  // so that even weights wrapped to 0 leave a cell to branch on.
  int fewest_per_weight(const State& s) const {
    int best = -1;
    std::uint64_t best_count = 1, best_weight = 0;
    for (int cell = 0; cell < G::kCells; ++cell) {
      if (s.value[cell]) continue;
      const std::uint64_t count = count_bits(s.cand[cell]);
      const std::uint64_t weight = weights_.of_cell(cell);
      if (best < 0 || count * best_weight < best_count * weight) {
        best = cell;
        best_count = count;
        best_weight = weight;
      }
    }
    return best;
  }

  // The cell's candidates in the order to try them; returns their number.
  int order_digits(const State& s, int cell, std::array<Mask, G::kSide>& order) {
    int n = 0;
    for (Mask m = s.cand[cell]; m; m = static_cast<Mask>(m & (m - 1))) order[n++] = lowest_bit(m);
    if (config_.digit_order == DigitOrder::random) {
      rng_.shuffle(order.data(), n);
    } else if (config_.digit_order == DigitOrder::least_constraining) {
      // Fewest blank peers that would lose the digit first; ties keep ascending order.
      std::array<int, G::kSide> cost{};
      for (int i = 0; i < n; ++i)
        for (int p : g.peers[cell])
          if (!s.value[p] && (s.cand[p] & order[i])) ++cost[i];
      for (int i = 1; i < n; ++i)  // insertion sort: stable, and n <= 49
        for (int j = i; j > 0 && cost[j] < cost[j - 1]; --j) {
          std::swap(cost[j], cost[j - 1]);
          std::swap(order[j], order[j - 1]);
        }
    }
    return n;
  }

  void search(int depth) {
    const State& s = stack_[depth];
    if (s.unsolved == 0) {
      tally_.found(B, s.value.data());
      return;
    }
    const int cell = choose_cell(s);
    std::array<Mask, G::kSide> order;
    const int n = order_digits(s, cell, order);
    for (int i = 0; i < n; ++i) {
      if (!tally_.enter_child(i + 1 < n)) return;
      State& child = stack_.reach(depth + 1);
      child = s;
      clear_queues();
      if (assign(child, cell, order[i]) && propagate(child)) search(depth + 1);
      if (tally_.done()) return;
    }
  }

  PropagationConfig config_;
  CellOrder cell_order_;  // this size's
  bool unit_rules_;
  int fewest_possible_;
  DepthStack<State, G::kCells + 1> stack_;          // one state per search depth
  std::array<std::uint16_t, G::kCells> singles_{};  // cells left with one candidate, to assign
  int singles_len_ = 0;
  std::array<std::uint16_t, G::kUnits> dirty_units_{};  // units for the unit rules to visit
  std::array<bool, G::kUnits> dirty_{};
  int dirty_len_ = 0;
  SplitMix64 rng_;
  SearchTally tally_;
  FailureWeights<B> weights_;  // counted always, read only by the weighted order
};

using PropagationSolver = PerSizeSolver<PropagationEngine, PropagationConfig, 2, 3, 4, 5, 6, 7>;

}  // namespace

std::unique_ptr<Solver> make_propagation_solver(const PropagationConfig& config) {
  return std::make_unique<PropagationSolver>(config);
}

std::unique_ptr<SolverFactory> make_propagation_factory(std::string name, const PropagationConfig& config) {
  return std::make_unique<PerSizeFactory<PropagationSolver, PropagationConfig>>(std::move(name), config);
}

}  // namespace sudoku::detail
