#include "strategies/sat/cadical_count.h"

#include <algorithm>
#include <atomic>
#include <cadical.hpp>
#include <climits>
#include <utility>
#include <vector>

namespace sudoku::detail {
namespace {

// Stops CaDiCaL on the stop flag or the deadline; read on one call in 256, like the strategies'
// node counts, because CaDiCaL asks at every step of its search.
class Limits : public CaDiCaL::Terminator {
 public:
  Limits(const std::atomic<bool>* stop, std::optional<std::chrono::steady_clock::time_point> deadline)
      : stop_(stop), deadline_(deadline) {}
  bool terminate() override { return (++calls_ & 255) == 0 ? expired() : hit_; }
  // Also asked before each further solution is sought, which may take CaDiCaL few steps.
  bool expired() {
    hit_ = hit_ || (stop_ && stop_->load(std::memory_order_relaxed)) ||
           (deadline_ && std::chrono::steady_clock::now() >= *deadline_);
    return hit_;
  }

 private:
  const std::atomic<bool>* stop_;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  std::uint64_t calls_ = 0;
  bool hit_ = false;
};

// Counts the clauses CaDiCaL learns (one a conflict) without taking them.
class Conflicts : public CaDiCaL::Learner {
 public:
  bool learning(int) override {
    ++count_;
    return false;
  }
  void learn(int) override {}
  std::uint64_t count() const { return count_; }

 private:
  std::uint64_t count_ = 0;
};

// The puzzle's open cells, their candidates and the candidates' variables: the givens are placed
// and taken from their peers' candidates, nothing more (singles placed too would make a smaller
// formula, but another one, whose search takes another path: see portfolio.cc).
// variable_[cell * side + value - 1] is the variable "cell holds value" (from 1), 0 where the
// value is ruled out or the cell given.
class Encoding {
 public:
  // False when the givens contradict each other or leave a cell or a unit's value no place.
  bool build(const Grid& puzzle, CaDiCaL::Solver& sat) {
    side_ = puzzle.side();
    box_ = puzzle.box;
    const int cells = puzzle.cell_count();
    value_.assign(static_cast<std::size_t>(cells), 0);
    cand_.assign(static_cast<std::size_t>(cells), side_ == 64 ? ~0ULL : (1ULL << side_) - 1);
    for (int cell = 0; cell < cells; ++cell)
      if (puzzle.cells[cell] != 0 && !place(cell, puzzle.cells[cell])) return false;
    variable_.assign(static_cast<std::size_t>(cells) * side_, 0);
    int next = 1;
    for (int cell = 0; cell < cells; ++cell) {
      if (value_[cell] != 0) continue;
      for (int v = 1; v <= side_; ++v)
        if (cand_[cell] >> (v - 1) & 1) variable_[index(cell, v)] = next++;
    }
    return cell_clauses(sat) && unit_clauses(sat);
  }

  int variable(int cell, int value) const { return variable_[index(cell, value)]; }
  int placed(int cell) const { return value_[cell]; }  // 0: open

 private:
  std::size_t index(int cell, int value) const { return static_cast<std::size_t>(cell) * side_ + value - 1; }
  int cell_in(int kind, int unit, int k) const {
    if (kind == 0) return unit * side_ + k;
    if (kind == 1) return k * side_ + unit;
    return (unit / box_ * box_ + k / box_) * side_ + unit % box_ * box_ + k % box_;
  }
  int unit_of(int kind, int cell) const {
    const int row = cell / side_, col = cell % side_;
    return kind == 0 ? row : kind == 1 ? col : row / box_ * box_ + col / box_;
  }

  // `cell` holds `v`: no peer may hold it, and no open peer keeps it as a candidate.
  bool place(int cell, int v) {
    const std::uint64_t bit = 1ULL << (v - 1);
    if (!(cand_[cell] & bit)) return false;
    value_[cell] = static_cast<std::uint8_t>(v);
    cand_[cell] = bit;
    for (int kind = 0; kind < 3; ++kind) {
      const int unit = unit_of(kind, cell);
      for (int k = 0; k < side_; ++k) {
        const int peer = cell_in(kind, unit, k);
        if (peer == cell) continue;
        if (value_[peer] == v) return false;
        if (value_[peer] == 0 && (cand_[peer] &= ~bit) == 0) return false;
      }
    }
    return true;
  }

  // Exactly one value in each open cell.
  bool cell_clauses(CaDiCaL::Solver& sat) {
    for (int cell = 0; cell < static_cast<int>(value_.size()); ++cell) {
      if (value_[cell] != 0) continue;
      literals_.clear();
      for (int v = 1; v <= side_; ++v)
        if (const int x = variable(cell, v)) literals_.push_back(x);
      if (!exactly_one(sat)) return false;
    }
    return true;
  }

  // Exactly one place in each unit for each value no cell of it holds.
  bool unit_clauses(CaDiCaL::Solver& sat) {
    for (int kind = 0; kind < 3; ++kind) {
      for (int unit = 0; unit < side_; ++unit) {
        std::uint64_t held = 0;
        for (int k = 0; k < side_; ++k)
          if (const int cell = cell_in(kind, unit, k); value_[cell] != 0) held |= cand_[cell];
        for (int v = 1; v <= side_; ++v) {
          if (held >> (v - 1) & 1) continue;
          literals_.clear();
          for (int k = 0; k < side_; ++k)
            if (const int x = variable(cell_in(kind, unit, k), v)) literals_.push_back(x);
          if (!exactly_one(sat)) return false;
        }
      }
    }
    return true;
  }

  // At least one of literals_ (false when there is none), and at most one, pairwise.
  bool exactly_one(CaDiCaL::Solver& sat) const {
    if (literals_.empty()) return false;
    for (const int x : literals_) sat.add(x);
    sat.add(0);
    for (std::size_t i = 0; i < literals_.size(); ++i) {
      for (std::size_t j = i + 1; j < literals_.size(); ++j) {
        sat.add(-literals_[i]);
        sat.add(-literals_[j]);
        sat.add(0);
      }
    }
    return true;
  }

  int side_ = 0, box_ = 0;
  std::vector<int> variable_;
  std::vector<std::uint8_t> value_;
  std::vector<std::uint64_t> cand_;
  std::vector<int> literals_;
};

}  // namespace

struct CadicalCount::State {
  Encoding encoding;
  std::vector<int> blocking;

  void read_solution(const Grid& puzzle, CaDiCaL::Solver& sat, Grid& out) const {
    copy_grid(puzzle, out);
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
      out.cells[cell] = static_cast<std::uint8_t>(encoding.placed(cell));
      for (int v = 1; v <= puzzle.side() && out.cells[cell] == 0; ++v)
        if (const int x = encoding.variable(cell, v); x && sat.val(x) > 0)
          out.cells[cell] = static_cast<std::uint8_t>(v);
    }
  }

  // Rules out the model just found: some blank cell must hold another value. The model is read
  // whole first: adding a literal leaves CaDiCaL's satisfied state, where values can be read.
  // Placed cells hold the same value in every solution: only open ones are named.
  void block(const Grid& puzzle, CaDiCaL::Solver& sat) {
    blocking.clear();
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
      if (encoding.placed(cell) != 0) continue;
      for (int v = 1; v <= puzzle.side(); ++v)
        if (const int x = encoding.variable(cell, v); x && sat.val(x) > 0) blocking.push_back(-x);
    }
    for (const int literal : blocking) sat.add(literal);
    sat.add(0);
  }
};

CadicalCount::CadicalCount() : state_(std::make_unique<State>()) {}
CadicalCount::~CadicalCount() = default;

SolveResult CadicalCount::count(const Grid& puzzle, const SolveOptions& options, Grid* solution,
                                const SatLimits& limits) {
  SolveResult result;
  CaDiCaL::Solver sat;
  sat.set("quiet", 1);  // CaDiCaL otherwise writes messages (a falsified blocking clause) to stdout
  if (!state_->encoding.build(puzzle, sat)) return result;  // decided by the givens: no solution
  Limits stop(options.stop, limits.deadline);
  Conflicts conflicts;
  sat.connect_terminator(&stop);
  sat.connect_learner(&conflicts);
  const auto capped = [](std::uint64_t n) { return static_cast<int>(std::min<std::uint64_t>(n, INT_MAX)); };
  while (result.solutions < options.max_solutions) {
    if (limits.decisions_per_call != 0) sat.limit("decisions", capped(limits.decisions_per_call));
    if (limits.conflicts != 0) {
      if (conflicts.count() >= limits.conflicts) {
        result.aborted = true;
        break;
      }
      sat.limit("conflicts", capped(limits.conflicts - conflicts.count()));
    }
    const int status = stop.expired() ? 0 : sat.solve();
    if (status == 20) break;  // no further solution
    if (status != 10) {
      result.aborted = true;  // a limit, or the stop flag
      break;
    }
    if (++result.solutions == 1 && solution) state_->read_solution(puzzle, sat, *solution);
    state_->block(puzzle, sat);
  }
  sat.disconnect_learner();
  sat.disconnect_terminator();
  result.nodes = result.guesses = conflicts.count();
  return result;
}

}  // namespace sudoku::detail
