// The SAT reference for large grids: a puzzle as CNF over the candidates its givens leave, solved
// by CaDiCaL, its solutions counted with blocking clauses added to the same (incremental) solver.
// A yardstick a large-grid strategy must beat, not a contender: it builds a CaDiCaL solver, and so
// allocates, for every puzzle, and reports neither a tree size nor guesses (CaDiCaL's API exposes
// no decision count); --node-limit bounds its decisions.
#include "strategies/sat/cadical.h"

#include <algorithm>
#include <atomic>
#include <cadical.hpp>
#include <chrono>
#include <cstdint>
#include <utility>
#include <vector>

namespace sudoku::detail {
namespace {

// Stops CaDiCaL on the stop flag or the deadline; read on one call in 256, like the strategies'
// node counts, because CaDiCaL asks at every step of its search.
class Limits : public CaDiCaL::Terminator {
 public:
  explicit Limits(const SolveOptions& options)
      : stop_(options.stop),
        timed_(options.time_limit.count() > 0),
        deadline_(std::chrono::steady_clock::now() + options.time_limit) {}
  bool terminate() override { return (++calls_ & 255) == 0 ? expired() : hit_; }
  // Also asked before each further solution is sought, which may take CaDiCaL few steps.
  bool expired() {
    hit_ = hit_ || (stop_ && stop_->load(std::memory_order_relaxed)) ||
           (timed_ && std::chrono::steady_clock::now() >= deadline_);
    return hit_;
  }

 private:
  const std::atomic<bool>* stop_;
  bool timed_;
  std::chrono::steady_clock::time_point deadline_;
  std::uint64_t calls_ = 0;
  bool hit_ = false;
};

// The puzzle's candidates and their variables: variable_[cell * side + value - 1] is the variable
// "cell holds value" (from 1), 0 where a given rules the value out or the cell is given.
class Encoding {
 public:
  // False when the givens contradict each other or leave a cell or a unit's value no place.
  bool build(const Grid& puzzle, CaDiCaL::Solver& sat) {
    side_ = puzzle.side();
    box_ = puzzle.box;
    variable_.assign(static_cast<std::size_t>(puzzle.cell_count()) * side_, 0);
    if (!place_givens(puzzle)) return false;
    int next = 1;
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
      if (puzzle.cells[cell] != 0) continue;
      for (int v = 1; v <= side_; ++v)
        if (!used(0, row_of(cell), v) && !used(1, col_of(cell), v) && !used(2, box_of(cell), v))
          variable_[index(cell, v)] = next++;
    }
    return cell_clauses(puzzle, sat) && unit_clauses(puzzle, sat);
  }

  int variable(int cell, int value) const { return variable_[index(cell, value)]; }

 private:
  std::size_t index(int cell, int value) const { return static_cast<std::size_t>(cell) * side_ + value - 1; }
  int row_of(int cell) const { return cell / side_; }
  int col_of(int cell) const { return cell % side_; }
  int box_of(int cell) const { return row_of(cell) / box_ * box_ + col_of(cell) / box_; }
  int cell_in(int kind, int unit, int k) const {
    if (kind == 0) return unit * side_ + k;
    if (kind == 1) return k * side_ + unit;
    return (unit / box_ * box_ + k / box_) * side_ + unit % box_ * box_ + k % box_;
  }
  std::size_t used_index(int kind, int unit, int value) const {
    return (static_cast<std::size_t>(kind) * side_ + unit) * side_ + value - 1;
  }
  bool used(int kind, int unit, int value) const { return used_[used_index(kind, unit, value)] != 0; }

  bool place_givens(const Grid& puzzle) {
    used_.assign(static_cast<std::size_t>(3) * side_ * side_, 0);
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
      const int v = puzzle.cells[cell];
      if (v == 0) continue;
      for (const auto& [kind, unit] :
           {std::pair{0, row_of(cell)}, std::pair{1, col_of(cell)}, std::pair{2, box_of(cell)}}) {
        auto& slot = used_[used_index(kind, unit, v)];
        if (slot) return false;  // the same digit twice in one unit
        slot = 1;
      }
    }
    return true;
  }

  // Exactly one value in each blank cell.
  bool cell_clauses(const Grid& puzzle, CaDiCaL::Solver& sat) {
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
      if (puzzle.cells[cell] != 0) continue;
      literals_.clear();
      for (int v = 1; v <= side_; ++v)
        if (const int x = variable(cell, v)) literals_.push_back(x);
      if (!exactly_one(sat)) return false;
    }
    return true;
  }

  // Exactly one place in each unit for each value its givens do not hold.
  bool unit_clauses(const Grid& puzzle, CaDiCaL::Solver& sat) {
    for (int kind = 0; kind < 3; ++kind) {
      for (int unit = 0; unit < side_; ++unit) {
        for (int v = 1; v <= side_; ++v) {
          if (used(kind, unit, v)) continue;
          literals_.clear();
          for (int k = 0; k < side_; ++k) {
            const int cell = cell_in(kind, unit, k);
            if (puzzle.cells[cell] == 0)
              if (const int x = variable(cell, v)) literals_.push_back(x);
          }
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
  std::vector<std::uint8_t> used_;
  std::vector<int> literals_;
};

class CadicalSolver : public Solver {
 public:
  SolveResult solve(const Grid& puzzle, const SolveOptions& options, Grid* solution) override {
    SolveResult result;
    CaDiCaL::Solver sat;
    sat.set("quiet", 1);  // CaDiCaL otherwise writes messages (a falsified blocking clause) to stdout
    if (!encoding_.build(puzzle, sat)) return result;  // decided by the givens: no solution
    Limits limits(options);
    sat.connect_terminator(&limits);
    const int decisions = static_cast<int>(std::min<std::uint64_t>(options.max_nodes, INT32_MAX));
    while (result.solutions < options.max_solutions) {
      if (decisions != 0) sat.limit("decisions", decisions);
      const int status = limits.expired() ? 0 : sat.solve();
      if (status == 20) break;  // no further solution
      if (status != 10) {
        result.aborted = true;  // a limit, or the stop flag
        break;
      }
      if (++result.solutions == 1 && solution) read_solution(puzzle, sat, *solution);
      block(puzzle, sat);
    }
    sat.disconnect_terminator();
    return result;
  }

 private:
  void read_solution(const Grid& puzzle, CaDiCaL::Solver& sat, Grid& out) const {
    copy_grid(puzzle, out);
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
      if (puzzle.cells[cell] != 0) continue;
      for (int v = 1; v <= puzzle.side(); ++v)
        if (const int x = encoding_.variable(cell, v); x && sat.val(x) > 0)
          out.cells[cell] = static_cast<std::uint8_t>(v);
    }
  }

  // Rules out the model just found: some blank cell must hold another value. The model is read
  // whole first: adding a literal leaves CaDiCaL's satisfied state, where values can be read.
  void block(const Grid& puzzle, CaDiCaL::Solver& sat) {
    blocking_.clear();
    for (int cell = 0; cell < puzzle.cell_count(); ++cell) {
      if (puzzle.cells[cell] != 0) continue;
      for (int v = 1; v <= puzzle.side(); ++v)
        if (const int x = encoding_.variable(cell, v); x && sat.val(x) > 0) blocking_.push_back(-x);
    }
    for (const int literal : blocking_) sat.add(literal);
    sat.add(0);
  }

  Encoding encoding_;
  std::vector<int> blocking_;
};

class CadicalFactory : public SolverFactory {
 public:
  std::string name() const override { return "cadical"; }
  bool supports(int box) const override { return box >= kMinBox && box <= kMaxBox; }
  std::unique_ptr<Solver> make() const override { return std::make_unique<CadicalSolver>(); }
  bool reports_tree_size() const override { return false; }
};

}  // namespace

std::unique_ptr<SolverFactory> make_cadical_factory() { return std::make_unique<CadicalFactory>(); }

}  // namespace sudoku::detail
