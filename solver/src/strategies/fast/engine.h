// The `fast` 9x9 search, written once over an instruction-set backend `O` (ops_*.h).
//
// State: per band, a vector of nine digit words (layout.h), 3 vectors in all, 192 bytes. Propagation
// works on the whole board at once, branch-free, and repeats until nothing changes:
//  - naked singles: a cell with one candidate keeps it and its row loses the digit;
//  - hidden singles: a digit with one place left in a row takes it, and the cell loses every other
//    digit (singles in columns and boxes become row singles through the next two rules);
//  - band rule: for each digit and band, the 3x3 matrix of non-empty triads (row x box) must hold a
//    permutation, one triad per row and per box; triads on no such permutation are cleared. This
//    is locked candidates (pointing and claiming) along rows, clears the box of a placed digit and
//    detects empty rows and boxes;
//  - stack rule: the same for columns within each stack of three boxes;
//  - minirow rules (only when the others are stuck, and on nearly full boards only once the search
//    has met a dead end: kMinirowMinOpen): a minirow holds exactly three digits, and so does a
//    minicolumn (minirow_rules below).
// A board where every cell has one candidate and both matrix rules hold is a valid solution: every
// digit then meets every row, column and box, so 81 cells leave it exactly one of each.
//
// Branching follows tdoku: among the three bands and three stacks, take the one with the fewest
// configurations (permutations above) summed over digits, then the first digit with two, else
// three, else four or more; each child fixes one configuration. Children are the configurations
// in order; entering the last one is forced, the others count as guesses. With every configuration fixed but the
// board unsolved, branch on a cell with the fewest candidates, digits in ascending order. These
// orders are fixed: SolveOptions::seed is not used (a driver that wants variety permutes puzzles).
#pragma once

#include <bit>
#include <cstdint>

#include "strategies/fast/layout.h"
#include "strategies/search_tally.h"
#include "sudoku/grid.h"
#include "sudoku/solver.h"

namespace sudoku::detail::fast {
namespace {  // internal linkage: instantiated per backend translation unit

template <class O>
class Engine {
  using V = typename O::V;

  struct Board {
    V band[3];
  };

  // What propagation leaves: a dead board, a solved one, or an open one at a fixpoint, given by
  // its number of open cells (cells with two or more candidates).
  static constexpr int kDead = -1, kSolved = 0;

 public:
  SolveResult solve(const Grid& puzzle, const SolveOptions& options, Grid* solution) {
    if (puzzle.box != 3) return SolveResult{};
    tally_.start(options, solution);
    minirow_min_open_ = kMinirowMinOpen;
    Board root;
    if (!load(puzzle, root)) return tally_.result();
    const int open = propagate(root, minirow_min_open_);
    if (open == kSolved) {
      found(root);
    } else if (open != kDead) {
      search(root, open);
    }
    return tally_.result();
  }

 private:
  static bool load(const Grid& puzzle, Board& s) {
    for (int b = 0; b < 3; ++b) {
      V digits, givens;
      if (!O::load_band(puzzle.cells.data() + 27 * b, digits, givens)) return false;
      // a given keeps only its digit; conflicts among givens surface during propagation
      s.band[b] = O::andn_or(O::splat_digits(kCells), givens, digits);
    }
    return true;
  }

  // Digit lanes keep the cells of rows in which they have exactly one cell.
  static V row_singles(V x) {
    const V g = O::splat(kGuards), l = O::splat(kLow);
    const V y = O::sub(O::or_(x, g), l);               // guard bit: row not empty
    const V y2 = O::sub(O::or_(O::and_(x, y), g), l);  // guard bit: row has two or more
    const V single = O::andn_and(y, y2, g);
    return O::and_(x, O::sub(single, O::template shr<9>(single)));
  }

  // Triad bits of the triads with a cell left.
  static V triads(V x) { return O::and_(O::or3(x, O::template shr<1>(x), O::template shr<2>(x)), O::splat(kTriads)); }

  // Whole rows of every non-empty row field.
  static V row_span(V d) {
    const V g = O::splat(kGuards);
    const V nz = O::and_(O::sub(O::or_(d, g), O::splat(kLow)), g);
    return O::sub(nz, O::template shr<9>(nz));
  }

  // Columns (bits 0..8) with a cell in the band.
  static V columns(V x) {
    return O::or_(O::or_and(x, O::template shr<10>(x), O::splat(kRowBits)), O::template shr<20>(x));
  }
  // Within each stack's three column bits: bit k <- bit k + 1 (down) or k - 1 (up), mod 3.
  static V rot_down(V y) { return O::select(O::template shr<1>(y), O::template shl<2>(y), O::splat(0xFFFFFEDBu)); }
  static V rot_up(V y) { return O::select(O::template shl<1>(y), O::template shr<2>(y), O::splat(0x1B6u)); }

  // Stack configurations: per stack, cyclic ones (band b uses column k + b) and anticyclic ones
  // (band b uses column k - b), bit k of the stack's three bits saying the configuration is open.
  static void stack_configs(const Board& s, V& cyc, V& acyc) {
    const V c0 = columns(s.band[0]), c1 = columns(s.band[1]), c2 = columns(s.band[2]);
    cyc = O::and3(c0, rot_down(c1), rot_up(c2));
    acyc = O::and3(c0, rot_up(c1), rot_down(c2));
  }

  // Copies of a 9-bit column set in all three rows (a * kLow, without carries).
  static V to_rows(V a) { return O::or3(a, O::template shl<10>(a), O::template shl<20>(a)); }
  // Triad bits widened to their three cells (a * 7, without carries).
  static V to_triads(V a) { return O::or3(a, O::template shl<1>(a), O::template shl<2>(a)); }

  static void stack_triads(Board& s) {
    V cyc, acyc;
    stack_configs(s, cyc, acyc);
    s.band[0] = O::and_(s.band[0], to_rows(O::or_(cyc, acyc)));
    s.band[1] = O::and_(s.band[1], to_rows(O::or_(rot_up(cyc), rot_down(acyc))));
    s.band[2] = O::and_(s.band[2], to_rows(O::or_(rot_down(cyc), rot_up(acyc))));
  }

  // The single bit of each stack's column group that has exactly one.
  static V lone_in_stack(V c) {
    const V c1 = O::template shr<1>(c), c2 = O::template shr<2>(c);
    const V one = O::andn_and(O::or3(c, c1, c2), O::maj(c, c1, c2), O::splat(0x49));
    return O::and_(c, to_triads(one));
  }

  // Band b's part of a word packing all 27 minirows (band b shifted by b) or all 27 minicolumns
  // (band b at bit 10 b), back at its own triad bits or column bits.
  template <int b>
  static V minirows_of(V packed) {
    return O::and_(O::template shr<b>(packed), O::splat(kTriads));
  }
  template <int b>
  static V minicolumns_of(V packed) {
    return O::and_(O::template shr<10 * b>(packed), O::splat(kRowBits));
  }

  // A minirow (three cells of a row in one box) holds exactly three digits. So with only three
  // digits possible there, each of them is in it (and out of the rest of its row); with three
  // digits certainly there, no other digit is. Same for minicolumns. tdoku's 3/ and 6/ clauses.
  // The 27 minirows of the three bands share one word (band b shifted by b), as do the 27
  // minicolumns (band b at bit 10 b), so each count across digits is done once for the board.
  // Runs at a fixpoint of the other rules only: there a digit is certainly in a minirow exactly when
  // the minirow holds its row's only non-empty triad, and certainly in a minicolumn exactly when
  // that column is the only one of its box. Most calls change nothing, so the updates are skipped
  // unless some lock or kill would remove a candidate.
  static bool minirow_rules(Board& s) {
    V p, f, p3, p4, f3, f4;
    {
      const V t0 = triads(s.band[0]), t1 = triads(s.band[1]), t2 = triads(s.band[2]);
      p = O::or3(t0, O::template shl<1>(t1), O::template shl<2>(t2));
      f = O::or3(row_singles(t0), O::template shl<1>(row_singles(t1)), O::template shl<2>(row_singles(t2)));
    }
    O::count_to4(p, p3, p4);
    O::count_to4(f, f3, f4);
    if ((O::lane0(p3) & kCells) != kCells || (O::lane0(f4) & kCells)) return false;
    V lock = O::andn_and(p, f, O::andnot(p3, p4));  // sole candidates of a minirow, not yet sure there
    V kill = O::andn_and(p, f, O::andnot(f3, f4));  // still possible in a minirow full of sure digits
    if (O::any(O::or_(lock, kill))) {
      const V l0 = minirows_of<0>(lock), l1 = minirows_of<1>(lock), l2 = minirows_of<2>(lock);
      const V k0 = minirows_of<0>(kill), k1 = minirows_of<1>(kill), k2 = minirows_of<2>(kill);
      // a locked digit leaves the rest of its row (the band rule then clears the rest of the box)
      s.band[0] = O::and_ornot(s.band[0], O::or_(row_span(l0), to_triads(k0)), to_triads(l0));
      s.band[1] = O::and_ornot(s.band[1], O::or_(row_span(l1), to_triads(k1)), to_triads(l1));
      s.band[2] = O::and_ornot(s.band[2], O::or_(row_span(l2), to_triads(k2)), to_triads(l2));
    }
    {
      const V c0 = columns(s.band[0]), c1 = columns(s.band[1]), c2 = columns(s.band[2]);
      p = O::or3(c0, O::template shl<10>(c1), O::template shl<20>(c2));
      f = O::or3(lone_in_stack(c0), O::template shl<10>(lone_in_stack(c1)), O::template shl<20>(lone_in_stack(c2)));
    }
    O::count_to4(p, p3, p4);
    O::count_to4(f, f3, f4);
    if ((O::lane0(p3) & kCells) != kCells || (O::lane0(f4) & kCells)) return false;
    lock = O::andn_and(p, f, O::andnot(p3, p4));
    kill = O::andn_and(p, f, O::andnot(f3, f4));
    if (O::any(O::or_(lock, kill))) {
      const V l0 = minicolumns_of<0>(lock), l1 = minicolumns_of<1>(lock), l2 = minicolumns_of<2>(lock);
      const V k0 = minicolumns_of<0>(kill), k1 = minicolumns_of<1>(kill), k2 = minicolumns_of<2>(kill);
      // a digit locked into a minicolumn leaves that column in the other bands
      s.band[0] = O::andnot(s.band[0], to_rows(O::or3(l1, l2, k0)));
      s.band[1] = O::andnot(s.band[1], to_rows(O::or3(l0, l2, k1)));
      s.band[2] = O::andnot(s.band[2], to_rows(O::or3(l0, l1, k2)));
    }
    return true;
  }

  // Until the search meets its first dead end, the minirow rules run only on boards with at least
  // this many open cells: on fuller boards they rarely remove a candidate, and while no guess has
  // failed a guess costs less than running them at every node (serg_benchmark, whose puzzles have
  // many solutions, 3.5% faster). After a dead end they run at every fixpoint again: there the
  // search is exhaustive and their pruning pays (unsolvable puzzles took 1.8 times the nodes
  // without it). results/README.md, "faster".
  static constexpr int kMinirowMinOpen = 40;

  static bool same(const Board& a, const Board& b) {
    return !O::any(O::or3(O::xor_(a.band[0], b.band[0]), O::xor_(a.band[1], b.band[1]), O::xor_(a.band[2], b.band[2])));
  }

  static int propagate(Board& s, int minirow_min_open) {
    for (;;) {
      const Board before = s;
      V twice_any = O::zero(), clash = O::zero(), once_all = O::splat(~0u);
      u32 open_cells[3];  // per band, the cells with two or more candidates
      for (int b = 0; b < 3; ++b) {
        const V x = s.band[b];
        const V r = row_singles(x);
        V once, twice, hidden;
        O::reduce_singles(x, r, once, twice, hidden);
        once_all = O::and_(once_all, once);
        twice_any = O::or_(twice_any, twice);
        open_cells[b] = O::lane0(twice) & kCells;
        const V placed = O::andn_or(x, twice, r);  // naked singles and row singles
        clash = O::or_(clash, O::and_(placed, O::sub(O::or_(placed, O::splat(kGuards)), O::splat(kLow))));
        s.band[b] = O::and_ornot(x, O::or_(row_span(placed), hidden), placed);
      }
      // a cell that lost every digit, or two cells of a row placed with one digit (`once` is the
      // same in every lane, so lane 0 tells)
      if (((O::lane0(once_all) & kCells) != kCells) | O::any(clash)) return kDead;
      bool dead = false;
      for (int b = 0; b < 3; ++b) s.band[b] = O::band_triads(s.band[b], dead);
      if (dead) return kDead;
      stack_triads(s);
      if (same(before, s)) {
        if (!(O::lane0(twice_any) & kCells)) return kSolved;
        const int open = std::popcount(open_cells[0]) + std::popcount(open_cells[1]) + std::popcount(open_cells[2]);
        if (open < minirow_min_open) return open;
        if (!minirow_rules(s)) return kDead;
        if (same(before, s)) return open;
      }
    }
  }

  // What to branch on: configurations of one digit in a band (unit 0..2) or stack (3..5), or the
  // digits of a cell (unit 6 + band, `bit` its position).
  struct Choice {
    int unit = -1;
    int digit = 0;
    int bit = 0;
    u32 alternatives = 0;  // configurations (bit i) or digits (bit d)
  };

  // Stack st's configurations per digit lane (bit i, layout.h's numbering) from the stack words.
  template <int st>
  static V stack_unit(V cyc, V acyc) {
    const V seven = O::splat(7);
    return O::or_(O::and_(O::template shr<3 * st>(cyc), seven),
                  O::template shl<3>(O::and_(O::template shr<3 * st>(acyc), seven)));
  }

  // A hot path, kept in one piece on purpose (tests/tools/function_length_test.py): called at every
  // node of the search, its three ways of choosing share the unit counts it computes first.
  static Choice choose(const Board& s) {
    // Per unit (bands 0..2, stacks 3..5) and digit lane: the open configurations, and their count.
    V configs[6], counts[6];
    for (int b = 0; b < 3; ++b) configs[b] = O::band_configs(s.band[b]);
    {
      V cyc, acyc;
      stack_configs(s, cyc, acyc);
      configs[3] = stack_unit<0>(cyc, acyc);
      configs[4] = stack_unit<1>(cyc, acyc);
      configs[5] = stack_unit<2>(cyc, acyc);
    }
    for (int u = 0; u < 6; ++u) counts[u] = O::popcount(configs[u]);
    // Each unit's total over digits, three units to a word (byte u % 3), summed over the lanes at once.
    const u32 band_totals =
        O::sum_lanes(O::or3(counts[0], O::template shl<8>(counts[1]), O::template shl<16>(counts[2])));
    const u32 stack_totals =
        O::sum_lanes(O::or3(counts[3], O::template shl<8>(counts[4]), O::template shl<16>(counts[5])));
    // Every digit has a configuration in every unit (else propagation failed), so a unit has a
    // digit with two or more exactly when its total passes 9. Branch-free minimum over packed keys
    // (total << 3 | unit): the choice is data-dependent and a branch would mispredict.
    u32 unit_key = ~0u;
    for (int u = 0; u < 6; ++u) {
      const u32 total = ((u < 3 ? band_totals : stack_totals) >> (8 * (u % 3))) & 0xFF;
      const u32 key = total > 9 ? (total << 3) | static_cast<u32>(u) : ~0u;
      unit_key = key < unit_key ? key : unit_key;
    }
    Choice best;
    if (unit_key != ~0u) {
      best.unit = static_cast<int>(unit_key & 7);
      // the first digit with two configurations, else three, else four or more
      const V n = counts[best.unit];
      const u32 two = O::lanes_equal(n, 2), three = O::lanes_equal(n, 3);
      const u32 pick = two ? two : three ? three : O::lanes_at_least(n, 4);
      best.digit = std::countr_zero(pick);
      best.alternatives = O::lane(configs[best.unit], best.digit);
      return best;
    }
    // Every configuration is fixed: branch on a cell with two candidates, else the fewest.
    for (int b = 0; b < 3; ++b) {
      V twice, thrice;
      O::reduce_counts(s.band[b], twice, thrice);
      const u32 pairs = O::lane0(twice) & ~O::lane0(thrice) & kCells;
      if (pairs) {
        best.unit = 6 + b;
        best.bit = std::countr_zero(pairs);
        best.alternatives = O::digits_with(s.band[b], 1u << best.bit);
        return best;
      }
    }
    int fewest = 10;
    for (int b = 0; b < 3; ++b)
      for (int bit = 0; bit < 30; ++bit) {
        if (!((kCells >> bit) & 1)) continue;
        const u32 digits = O::digits_with(s.band[b], 1u << bit);
        const int n = std::popcount(digits);
        if (n >= 2 && n < fewest) {
          fewest = n;
          best.unit = 6 + b;
          best.bit = bit;
          best.alternatives = digits;
        }
      }
    return best;
  }

  static void apply(const Choice& c, int alt, Board& s) {
    if (c.unit < 6) {
      const auto& keep = kConfigKeep.keep[c.unit][alt];
      for (int b = 0; b < 3; ++b) s.band[b] = O::restrict_lane(s.band[b], c.digit, keep[b]);
    } else {
      s.band[c.unit - 6] = O::assign(s.band[c.unit - 6], alt, 1u << c.bit);
    }
  }

  void found(const Board& s) {
    std::uint8_t values[81];
    if (tally_.wants_values())
      for (int b = 0; b < 3; ++b) O::store_band(s.band[b], values + 27 * b);
    tally_.found(3, values);
  }

  // Four open cells at a fixpoint are a rectangle with exactly two solutions: every row, column
  // and box with an open cell has two (with one, that cell would be a single; four in one box
  // would leave two of its digits no place), so the four cells are two rows by two columns in two
  // boxes and hold the two digits their rows miss, placed one way or the other (results/README.md,
  // "A rectangle's two solutions"). The search would branch there into two children, a guess and
  // the forced one, each solved; the tally counts them so, and a child is built only when its
  // values are wanted (the first solution, with a grid to fill). serg_benchmark, whose puzzles
  // have many solutions, meets such a board in about 4 puzzles of 10.
  static constexpr int kRectangleCells = 4;

  void search(const Board& s, int open) {
    const bool rectangle = open == kRectangleCells;
    if (rectangle && !tally_.wants_values()) {  // both children counted, neither built
      for (const bool guess : {true, false}) {
        if (!tally_.enter_child(guess)) return;  // a node or time limit
        tally_.found_unread();
        if (tally_.done()) return;
      }
      return;
    }
    const Choice c = choose(s);
    u32 untried = c.alternatives;
    while (untried) {
      const int alt = std::countr_zero(untried);
      untried &= untried - 1;
      if (!tally_.enter_child(untried != 0)) return;  // a node or time limit
      if (rectangle && !tally_.wants_values()) {
        tally_.found_unread();  // the second, once the first was built
      } else {
        Board child = s;
        apply(c, alt, child);
        const int child_open = propagate(child, minirow_min_open_);
        if (child_open == kDead) {
          minirow_min_open_ = 0;
        } else if (child_open == kSolved) {
          found(child);
        } else {
          search(child, child_open);
        }
      }
      if (tally_.done()) return;
    }
  }

  int minirow_min_open_ = 0;
  SearchTally tally_;  // counts, limits and the first solution, kept as every strategy keeps them
};

}  // namespace
}  // namespace sudoku::detail::fast
