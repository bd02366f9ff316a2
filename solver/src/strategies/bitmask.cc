// Candidates as bitmasks; naked and hidden singles to a fixpoint at every node. Branches on a cell
// with the fewest candidates (MRV: lowest index first, but see the weights below; digits
// ascending); when every cell has three or more, on a digit with two places left in a unit
// instead. That second rule costs nothing on ordinary sets (callgrind: 2-8% fewer instructions)
// and defuses puzzles crafted against plain MRV: the 16-given no-solution puzzle of the tests fell
// from 5.2 million nodes to 2.6 thousand.
// From 16x16 up, once a search has 128 nodes, ties among the fewest candidates go to the cell whose
// units failed most (failure weights, as logic's dom/wdeg counts them): random large grids are heavy
// tailed under row-major ties, and the weights steer to where the guesses keep failing. Keeping the
// fewest-candidates rule (rather than logic's count per weight) keeps the two-place rule's meaning
// and costs no more than the ties' scan. 128: the generated 25x25-49x49 sets are puzzles bitmask
// proves within 100 nodes (their generator keeps those), and a switch inside those 100 lengthened
// the proofs (at 30: 2.3x, 8x and 73x on 25x25, 36x36, 49x49); 128 leaves a margin, and trees past
// it are the hard ones. Measured: results/README, "bitmask: ties to the units that fail".
#include "strategies/bitmask.h"

#include <array>
#include <cstdint>

#include "strategies/depth_stack.h"
#include "strategies/failure_weights.h"
#include "strategies/geometry.h"
#include "strategies/mask_state.h"
#include "strategies/per_size.h"
#include "strategies/search_tally.h"

namespace sudoku::detail {
namespace {

struct NoConfig {};

template <int B>
class BitmaskEngine {
  using G = Geometry<B>;
  using Mask = typename G::Mask;
  static constexpr const G& g = kGeometry<B>;

  struct State {
    std::array<Mask, G::kCells> cand;           // an assigned cell keeps exactly its digit
    std::array<Mask, G::kUnits> placed;         // digits assigned in each unit
    std::array<std::uint8_t, G::kCells> value;  // 0 while unassigned
    int unsolved;
  };

 public:
  explicit BitmaskEngine(NoConfig) {}

  SolveResult solve(const Grid& puzzle, const SolveOptions& options, Grid* solution) {
    tally_.start(options, solution);
    State& root = stack_[0];
    if constexpr (kWeighted) weights_.reset();
    if (load(puzzle, root) && propagate(root)) search(0);
    return tally_.result();
  }

 private:
  bool load(const Grid& puzzle, State& s) {
    clear_cells<G>(s);
    s.placed.fill(0);
    queue_len_ = 0;
    for (int cell = 0; cell < G::kCells; ++cell) {
      const int v = puzzle.cells[cell];
      if (v == 0 || s.value[cell] != 0) continue;
      const Mask bit = static_cast<Mask>(Mask{1} << (v - 1));
      // Assigned already by a forced single with another digit, or a peer holds the same given.
      if (!(s.cand[cell] & bit) || !assign(s, cell, bit)) return false;
    }
    return true;
  }

  bool assign(State& s, int cell, Mask bit) {
    s.value[cell] = static_cast<std::uint8_t>(digit_of(bit));
    s.cand[cell] = bit;
    --s.unsolved;
    for (int u : g.cell_units[cell]) s.placed[u] |= bit;
    for (int p : g.peers[cell]) {
      Mask m = s.cand[p];
      if (!(m & bit)) continue;
      m = static_cast<Mask>(m & ~bit);
      s.cand[p] = m;
      if (m == 0) {
        if constexpr (kWeighted) weights_.fail_cell(p);
        return false;
      }
      if (single_bit(m)) queue_[queue_len_++] = static_cast<std::uint16_t>(p);
    }
    return true;
  }

  bool drain_queue(State& s) {
    while (queue_len_ > 0) {
      const int cell = queue_[--queue_len_];
      if (s.value[cell] == 0 && !assign(s, cell, s.cand[cell])) return false;
    }
    return true;
  }

  // One pass over every unit; sets `progress` when it assigned a digit.
  bool hidden_singles(State& s, bool& progress) {
    for (int u = 0; u < G::kUnits; ++u) {
      Mask once = 0, twice = 0;
      for (int cell : g.unit_cells[u]) {
        if (s.value[cell]) continue;
        const Mask m = s.cand[cell];
        twice |= once & m;
        once |= m;
      }
      const Mask missing = static_cast<Mask>(G::kAll & ~s.placed[u]);
      if ((once & missing) != missing) {  // a digit with no place left in this unit
        if constexpr (kWeighted) weights_.fail_unit(u);
        return false;
      }
      Mask singles = static_cast<Mask>(once & ~twice & missing);
      while (singles) {
        const Mask bit = lowest_bit(singles);
        singles = static_cast<Mask>(singles ^ bit);
        if (s.placed[u] & bit) continue;  // placed meanwhile by propagation
        int target = -1;
        for (int cell : g.unit_cells[u])
          if (!s.value[cell] && (s.cand[cell] & bit)) target = cell;
        // No target: an earlier single of this unit took the digit's last place. Not weighted, as
        // in logic (the order was measured so).
        if (target < 0 || !assign(s, target, bit) || !drain_queue(s)) return false;
        progress = true;
      }
    }
    return true;
  }

  bool propagate(State& s) {
    for (;;) {
      if (!drain_queue(s)) return false;
      if (s.unsolved == 0) return true;
      bool progress = false;
      if (!hidden_singles(s, progress)) return false;
      if (!progress) return true;
    }
  }

  void search(int depth) {
    const State& s = stack_[depth];
    if (s.unsolved == 0) {
      tally_.found(B, s.value.data());
      return;
    }
    int cell;
    // After propagation no blank has one candidate: the scan can stop at the first with two.
    if constexpr (kWeighted) {
      cell = tally_.result().nodes >= kWeightsAfterNodes ? fewest_heaviest(s) : fewest_candidates<G>(s, 2);
    } else {
      cell = fewest_candidates<G>(s, 2);
    }
    Mask digit = 0;
    int places[2];
    if (count_bits(s.cand[cell]) > 2 && two_place_digit(s, digit, places)) {
      // The digit goes in the first place; failing that, it is not there, so in the second.
      if (enter(depth, places[0], digit, -1, true)) enter(depth, places[1], digit, places[0], false);
      return;
    }
    for (Mask untried = s.cand[cell]; untried;) {
      const Mask bit = lowest_bit(untried);
      untried = static_cast<Mask>(untried ^ bit);
      if (!enter(depth, cell, bit, -1, untried != 0)) return;
    }
  }

  // A cell with the fewest candidates; ties to the most failures in its three units, then the
  // lowest index.
  int fewest_heaviest(const State& s) const {
    int best = -1, best_count = G::kSide + 1;
    std::uint64_t best_weight = 0;
    for (int cell = 0; cell < G::kCells; ++cell) {
      if (s.value[cell]) continue;
      const int count = count_bits(s.cand[cell]);
      if (count > best_count) continue;
      const std::uint64_t weight = weights_.of_cell(cell);
      if (count < best_count || weight > best_weight) {
        best = cell;
        best_count = count;
        best_weight = weight;
      }
    }
    return best;
  }

  // The lowest digit of the first unit in which some digit has exactly two places left.
  bool two_place_digit(const State& s, Mask& digit, int (&places)[2]) const {
    for (int u = 0; u < G::kUnits; ++u) {
      Mask once = 0, twice = 0, more = 0;
      for (int cell : g.unit_cells[u]) {
        if (s.value[cell]) continue;
        const Mask m = s.cand[cell];
        more |= twice & m;
        twice |= once & m;
        once |= m;
      }
      const Mask exactly_two = static_cast<Mask>(twice & ~more);
      if (!exactly_two) continue;
      digit = lowest_bit(exactly_two);
      int n = 0;
      for (int cell : g.unit_cells[u])
        if (!s.value[cell] && (s.cand[cell] & digit)) places[n++] = cell;
      return true;
    }
    return false;
  }

  // Searches the child that assigns `bit` to `cell`, having first removed `bit` from `excluded`
  // (when not -1); false once the search must stop.
  bool enter(int depth, int cell, Mask bit, int excluded, bool guess) {
    if (!tally_.enter_child(guess)) return false;
    State& child = stack_.reach(depth + 1);
    child = stack_[depth];
    queue_len_ = 0;
    // `excluded` had three or more candidates, so removing one leaves no single to propagate.
    if (excluded >= 0) child.cand[excluded] = static_cast<Mask>(child.cand[excluded] & ~bit);
    if (assign(child, cell, bit) && propagate(child)) search(depth + 1);
    return !tally_.done();
  }

  DepthStack<State, G::kCells + 1> stack_;  // one state per search depth
  std::array<std::uint16_t, G::kCells> queue_{};
  int queue_len_ = 0;
  SearchTally tally_;
  // 9x9 and smaller keep row-major ties: their trees are small (no heavy tails to cure) and the
  // 9x9 gates and published counts stay as they were.
  static constexpr bool kWeighted = B >= 4;
  static constexpr std::uint64_t kWeightsAfterNodes = 128;
  FailureWeights<B> weights_;  // kept from 16x16 up
};

using BitmaskSolver = PerSizeSolver<BitmaskEngine, NoConfig, 2, 3, 4, 5, 6, 7>;

}  // namespace

std::unique_ptr<SolverFactory> make_bitmask_factory() {
  return std::make_unique<PerSizeFactory<BitmaskSolver, NoConfig>>("bitmask", NoConfig{});
}

}  // namespace sudoku::detail
