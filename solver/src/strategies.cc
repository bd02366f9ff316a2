#include "sudoku/strategies.h"

#include <array>

#include "strategies/backtrack.h"
#include "strategies/bitmask.h"
#include "strategies/fast/fast.h"
#include "strategies/propagation/logic.h"
#include "strategies/propagation/norvig.h"
#ifdef SUDOKU_SOLVER_CADICAL
#include "strategies/portfolio.h"
#include "strategies/sat/cadical.h"
#endif

namespace sudoku {
namespace {

struct Entry {
  StrategyInfo info;
  // Options are the text after "name:"; null when the spec had none.
  std::unique_ptr<SolverFactory> (*make)(const std::string_view* options, std::string& error);
};

std::unique_ptr<SolverFactory> no_options(const std::string_view* options, std::string& error,
                                          std::unique_ptr<SolverFactory> (*make)()) {
  if (options) {
    error = "takes no options";
    return nullptr;
  }
  return make();
}

constexpr std::array kEntries = {
    Entry{{"bitmask",
           "bitmask candidates, naked and hidden singles, MRV (from 16x16, ties to failure weights) or two-place-digit "
           "branching; 4x4 to 49x49"},
          [](const std::string_view* o, std::string& e) { return no_options(o, e, detail::make_bitmask_factory); }},
    Entry{{"backtrack", "naive backtracking in row-major cell order, occupancy masks, no propagation"},
          [](const std::string_view* o, std::string& e) { return no_options(o, e, detail::make_backtrack_factory); }},
    Entry{{"norvig",
           "Norvig's propagation and search; options: fc|ac|ac+dual|ac+dual+pairs, var=first|mrv|random|wdeg, "
           "val=asc|random|lcv, seed=N"},
          detail::make_norvig_factory},
    Entry{{"logic",
           "naked and hidden singles, locked candidates, naked pairs at every node; MRV branching (from 16x16: fewest "
           "candidates per failure weight)"},
          [](const std::string_view* o, std::string& e) { return no_options(o, e, detail::make_logic_factory); }},
    Entry{{"fast",
           "9x9 only: digit bitboards, singles and locked candidates on the whole board at once, tdoku-style "
           "branching; options scalar, avx2, avx512 (default: best the CPU runs)"},
          detail::make_fast_factory},
#ifdef SUDOKU_SOLVER_CADICAL
    Entry{{"cadical",
           "SAT reference: the puzzle as CNF over its candidates, solved by CaDiCaL, solutions counted with "
           "blocking clauses; 4x4 to 49x49; no tree size or guesses"},
          [](const std::string_view* o, std::string& e) { return no_options(o, e, detail::make_cadical_factory); }},
    Entry{{"portfolio",
           "bitmask for a node budget (by size; option nodes=N), then CaDiCaL afresh for puzzles it has not finished: "
           "no heavy tails on large random grids; tree size: bitmask's nodes plus CaDiCaL's conflicts; 4x4 to 49x49"},
          detail::make_portfolio_factory},
#endif
};

constexpr auto kInfos = [] {
  std::array<StrategyInfo, kEntries.size()> infos{};
  for (std::size_t i = 0; i < kEntries.size(); ++i) infos[i] = kEntries[i].info;
  return infos;
}();

}  // namespace

std::span<const StrategyInfo> strategy_list() { return kInfos; }

std::unique_ptr<SolverFactory> make_solver_factory(std::string_view spec, std::string& error) {
  const auto colon = spec.find(':');
  const std::string_view name = spec.substr(0, colon);
  const std::string_view options = colon == std::string_view::npos ? std::string_view{} : spec.substr(colon + 1);
  for (const Entry& entry : kEntries) {
    if (entry.info.name != name) continue;
    std::string why;
    auto factory = entry.make(colon == std::string_view::npos ? nullptr : &options, why);
    if (!factory) error = "solver '" + std::string(spec) + "': " + why;
    return factory;
  }
  error = "unknown solver '" + std::string(name) + "' (known:";
  for (const Entry& entry : kEntries) {
    // Appended piecewise: GCC 12 gives a false -Wrestrict for `" " + std::string(...)` here.
    error += ' ';
    error += entry.info.name;
  }
  error += ")";
  return nullptr;
}

}  // namespace sudoku
