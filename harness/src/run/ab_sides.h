// ab's two sides, BASE and NEW: each a solver spec as given, named, loaded here or left to another
// build of the harness (tools/ab), and identified by its code for the reports.
#pragma once

#include <array>
#include <cstdio>
#include <memory>
#include <string>

#include "report/solver_identity.h"
#include "run/ab.h"
#include "stream/solver_spec.h"
#include "sudoku/solver.h"

namespace sudoku_bench {

inline constexpr const char* kAbSideWord[] = {"BASE", "NEW"};

struct AbSide {
  SolverSpec spec;   // as given, NAME= included
  std::string name;  // as the passes and tables call it
  std::unique_ptr<sudoku::SolverFactory> factory, recount;
  std::string bench;  // another sudoku-bench measures this side; "": this process
  SolverIdentity identity;
};

class AbSides {
 public:
  // Both sides as given (their specs, their other builds) and named, nothing loaded: what the
  // supervisor and the measuring child both need before either measures.
  explicit AbSides(const AbCommand& command);

  // The supervisor's side: each side's code identified, without loading a solver.
  void identify();
  // The measuring side: each solver loaded (or its other build found) and identified; notes on
  // `err`. "" or why the command is refused.
  std::string load(std::FILE* err);

  const AbSide& operator[](int s) const { return sides_[static_cast<std::size_t>(s)]; }
  // Either side measured by another build's `run` (tools/ab).
  bool elsewhere() const { return !sides_[0].bench.empty() || !sides_[1].bench.empty(); }

  // "old = plugin:v1/libx.so (libx.so sha256 d6f2bfb45c97)": a side's name, spec and code.
  std::string solver_text(int s) const;
  // "BASE old = ...": solver_text under the side's word, the two aligned.
  std::string side_line(int s) const;

 private:
  std::string same_instances(const std::string (&notes)[2], std::FILE* err);

  std::array<AbSide, 2> sides_;
};

}  // namespace sudoku_bench
