// norvig's options: syntax, errors, canonical names, and deterministic random orders.
#include <gtest/gtest.h>

#include <string>

#include "solver_util.h"
#include "test_util.h"

namespace {

using test_util::options;
using test_util::parse;

std::string name_of(const std::string& spec) {
  std::string error;
  auto factory = sudoku::make_solver_factory(spec, error);
  EXPECT_NE(factory, nullptr) << spec << ": " << error;
  return factory ? factory->name() : "";
}

std::string error_of(const std::string& spec) {
  std::string error;
  EXPECT_EQ(sudoku::make_solver_factory(spec, error), nullptr) << spec;
  return error;
}

TEST(NorvigOptions, CanonicalNames) {
  test_util::expect_each(name_of, {{"norvig", "norvig:ac+dual+pairs,var=mrv,val=asc"},
                                   {"norvig:fc", "norvig:fc,var=mrv,val=asc"},
                                   {"norvig:ac", "norvig:ac,var=mrv,val=asc"},
                                   {"norvig:ac+dual", "norvig:ac+dual,var=mrv,val=asc"},
                                   {"norvig:val=lcv,ac+dual+pairs", "norvig:ac+dual+pairs,var=mrv,val=lcv"},
                                   {"norvig:var=first", "norvig:ac+dual+pairs,var=first,val=asc"},
                                   {"norvig:ac+dual,var=mrv,val=asc", "norvig:ac+dual,var=mrv,val=asc"},
                                   {"norvig:var=random", "norvig:ac+dual+pairs,var=random,val=asc,seed=0"},
                                   {"norvig:seed=7,fc,val=random", "norvig:fc,var=mrv,val=random,seed=7"},
                                   {"norvig:var=wdeg", "norvig:ac+dual+pairs,var=wdeg,val=asc"},
                                   {"norvig:var=random,seed=18446744073709551615",
                                    "norvig:ac+dual+pairs,var=random,val=asc,seed=18446744073709551615"}});
  // A canonical name is itself a valid spec for the same configuration.
  EXPECT_EQ(name_of(name_of("norvig:ac,val=random,seed=9")), "norvig:ac,var=mrv,val=random,seed=9");
}

TEST(NorvigOptions, ErrorsSayWhatIsWrong) {
  struct Case {
    std::string spec;
    std::string message;
  };
  const Case cases[] = {
      {"norvig:", "solver 'norvig:': empty option (options are comma-separated"},
      {"norvig:ac,", "empty option"},
      {"norvig:,ac", "empty option"},
      {"norvig:ac,,var=mrv", "empty option"},
      {"norvig:dual",
       "unknown option 'dual' (options are comma-separated: a level fc, ac, ac+dual or "
       "ac+dual+pairs; var=first|mrv|random|wdeg; val=asc|random|lcv; seed=N)"},
      {"norvig:AC", "unknown option 'AC'"},
      {"norvig:ac+pairs", "unknown option 'ac+pairs'"},
      {"norvig:level=ac", "unknown option 'level=ac'"},
      {"norvig:seed", "unknown option 'seed'"},
      {"norvig:var", "unknown option 'var'"},
      {"norvig:ac=1", "unknown option 'ac=1'"},
      {"norvig:fc,ac", "level given twice"},
      {"norvig:var=mrv,var=first", "var given twice"},
      {"norvig:val=asc,val=asc", "val given twice"},
      {"norvig:var=random,seed=1,seed=2", "seed given twice"},
      {"norvig:var=lcv", "var=lcv: expected first, mrv, random or wdeg"},
      {"norvig:var=", "var=: expected first, mrv, random or wdeg"},
      {"norvig:val=desc", "val=desc: expected asc, random or lcv"},
      {"norvig:var=random,seed=", "seed=: expected an unsigned 64-bit integer"},
      {"norvig:var=random,seed=-1", "seed=-1: expected an unsigned 64-bit integer"},
      {"norvig:var=random,seed=12x", "seed=12x: expected an unsigned 64-bit integer"},
      {"norvig:var=random,seed=18446744073709551616", "seed=18446744073709551616: expected an unsigned 64-bit"},
      {"norvig:seed=7", "seed=7 has no effect without var=random or val=random"},
      {"norvig:ac,val=lcv,seed=7", "seed=7 has no effect"},
  };
  for (const Case& c : cases) {
    const std::string error = error_of(c.spec);
    EXPECT_NE(error.find(c.message), std::string::npos) << c.spec << " -> " << error;
    EXPECT_EQ(error.rfind("solver '" + c.spec + "': ", 0), 0u) << error;
  }
}

TEST(NorvigRandom, SameSeedSameTreeOnEveryInstance) {
  const std::string spec = "norvig:ac+dual,var=random,val=random,seed=42";
  auto a = test_util::make_solver(spec);
  auto b = test_util::make_solver(spec);
  const auto records = test_util::read_lines("top95.txt");
  // b solves in reverse order: each solve draws from its own (seed, puzzle) stream.
  std::vector<sudoku::SolveResult> forward, backward(records.size());
  for (const auto& r : records) forward.push_back(a->solve(parse(r), options(1), nullptr));
  for (std::size_t i = records.size(); i-- > 0;) backward[i] = b->solve(parse(records[i]), options(1), nullptr);
  for (std::size_t i = 0; i < records.size(); ++i) {
    EXPECT_EQ(forward[i].nodes, backward[i].nodes) << "line " << i + 1;
    EXPECT_EQ(forward[i].guesses, backward[i].guesses) << "line " << i + 1;
  }
}

TEST(NorvigRandom, SeedsChangeTheTree) {
  std::uint64_t totals[3] = {};
  const std::uint64_t seeds[3] = {1, 2, 1};
  for (int k = 0; k < 3; ++k) {
    auto s = test_util::make_solver("norvig:var=random,val=random,seed=" + std::to_string(seeds[k]));
    for (const auto& r : test_util::read_lines("top95.txt")) totals[k] += s->solve(parse(r), options(1), nullptr).nodes;
  }
  EXPECT_NE(totals[0], totals[1]);
  EXPECT_EQ(totals[0], totals[2]);
}

TEST(NorvigRandom, SameFirstSolutionForTheSameSeed) {
  // On a grid with many solutions the random orders pick one; the same seed picks the same one.
  const auto empty = parse(std::string(81, '.'));
  auto a = test_util::make_solver("norvig:val=random,seed=5");
  auto b = test_util::make_solver("norvig:val=random,seed=5");
  auto c = test_util::make_solver("norvig:val=random,seed=6");
  sudoku::Grid x, y, z;
  a->solve(empty, options(1), &x);
  b->solve(empty, options(1), &y);
  c->solve(empty, options(1), &z);
  EXPECT_TRUE(sudoku::is_solution_of(empty, x));
  EXPECT_EQ(sudoku::to_string(x), sudoku::to_string(y));
  EXPECT_NE(sudoku::to_string(x), sudoku::to_string(z));
}

TEST(NorvigLevels, SinglesAloneSolveAnEasyPuzzleAtTheRoot) {
  // Project Euler 96 grid 1: naked singles suffice, so from ac up the root decides.
  const auto p = parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
  for (const char* spec : {"norvig:ac", "norvig:ac+dual", "norvig", "logic"}) {
    const auto r = test_util::make_solver(spec)->solve(p, options(2), nullptr);
    EXPECT_EQ(r.solutions, 1u) << spec;
    EXPECT_EQ(r.nodes, 1u) << spec;
  }
  // fc branches once per blank that propagation would have filled, without guessing.
  const auto fc = test_util::make_solver("norvig:fc")->solve(p, options(2), nullptr);
  EXPECT_EQ(fc.solutions, 1u);
  EXPECT_GT(fc.nodes, 1u);
  EXPECT_EQ(fc.guesses, 0u);
}

}  // namespace
