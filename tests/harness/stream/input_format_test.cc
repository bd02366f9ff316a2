// Grid, CSV and check files: read as their one-line equivalents, with their expectations checked.
#include <gtest/gtest.h>

#include <string>

#include "run/exit_codes.h"
#include "run/run.h"
#include "run/solve.h"
#include "run_util.h"
#include "stream/chunk.h"
#include "stream/record_format.h"
#include "sudoku/parse.h"
#include "temp_file.h"
#include "test_util.h"

namespace {

using sudoku_bench::InputFormat;
using test_util::Capture;
using test_util::TempFile;

const std::string kPuzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const std::string kSolution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

struct Outcome {
  int status;
  std::string out, err;
};

Outcome solve(const std::string& path, InputFormat format = InputFormat::automatic, std::uint64_t limit = 2) {
  sudoku_bench::SolveCommand command;
  command.input = path;
  command.pipeline.format = format;
  command.step.solve.max_solutions = limit;
  Capture out, err;
  const int status = sudoku_bench::solve_command(command, out.file(), err.file());
  return {status, out.text(), err.text()};
}

// Norvig's essay layout: spaces between cells, '|' between boxes, rules between bands.
std::string norvig_grid(const std::string& record) {
  std::string g;
  for (int r = 0; r < 9; ++r) {
    if (r == 3 || r == 6) g += "------+------+------\n";
    for (int c = 0; c < 9; ++c) {
      g += record[r * 9 + c];
      g += c == 8 ? "\n" : (c == 2 || c == 5) ? " |" : " ";
    }
  }
  return g;
}

TEST(InputFormatTest, DetectionFromTheFirstContentLine) {
  EXPECT_EQ(sudoku_bench::detect_format(kPuzzle), InputFormat::lines);
  EXPECT_EQ(sudoku_bench::detect_format(kPuzzle + "," + kSolution), InputFormat::csv);
  EXPECT_EQ(sudoku_bench::detect_format("quizzes,solutions"), InputFormat::csv);
  EXPECT_EQ(sudoku_bench::detect_format(kPuzzle + ":1:" + kSolution), InputFormat::checks);
  EXPECT_EQ(sudoku_bench::detect_format(kPuzzle + ":invalid"), InputFormat::checks);
  EXPECT_EQ(sudoku_bench::detect_format("4 . . |. . . |8 . 5"), InputFormat::grid);
  EXPECT_EQ(sudoku_bench::detect_format("003020600"), InputFormat::grid);
  EXPECT_EQ(sudoku_bench::detect_format("========"), InputFormat::grid);
  EXPECT_EQ(sudoku_bench::detect_format("1234............"), InputFormat::lines);                   // a 4x4 record
  EXPECT_EQ(sudoku_bench::detect_format(kPuzzle.substr(0, 80)), InputFormat::lines);                // a bad record
  EXPECT_EQ(sudoku_bench::detect_format("1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"), InputFormat::numbers);  // 4x4
  EXPECT_EQ(sudoku_bench::detect_format("1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0"), InputFormat::numbers);
  EXPECT_EQ(sudoku_bench::detect_format("1 0 0 0 0 0 0 0 0"), InputFormat::grid);  // a row of 9 digits
  EXPECT_EQ(sudoku_bench::detect_format("1,0,0"), InputFormat::csv);               // no grid has 3 cells
  EXPECT_EQ(sudoku_bench::detect_format("1230,4560"), InputFormat::csv);
  EXPECT_EQ(sudoku_bench::input_format_named("csv"), InputFormat::csv);
  EXPECT_FALSE(sudoku_bench::input_format_named("xml"));
}

// Each format's module splits its own records: the puzzle, and what the file expects of it.
TEST(InputFormatTest, EachModuleSplitsItsRecordsFields) {
  using sudoku_bench::record_format;
  // Fields are views into the record: each record outlives them.
  const std::string csv_record = kPuzzle + "," + kSolution, check_record = kPuzzle + ":2",
                    full_record = kPuzzle + ":1:" + kSolution;
  const auto csv = record_format(InputFormat::csv).fields(csv_record);
  EXPECT_EQ(csv.puzzle, kPuzzle);
  EXPECT_TRUE(csv.has_count && csv.count == "1" && csv.has_solution && csv.solution == kSolution);
  const auto check = record_format(InputFormat::checks).fields(check_record);
  EXPECT_EQ(check.puzzle, kPuzzle);
  EXPECT_TRUE(check.has_count && check.count == "2" && !check.has_solution);
  const auto full = record_format(InputFormat::checks).fields(full_record);
  EXPECT_TRUE(full.count == "1" && full.has_solution && full.solution == kSolution);
  for (const InputFormat f : {InputFormat::lines, InputFormat::grid, InputFormat::numbers}) {
    const auto plain = record_format(f).fields(kPuzzle);
    EXPECT_EQ(plain.puzzle, kPuzzle);
    EXPECT_FALSE(plain.has_count || plain.has_solution);
  }
  // Only numbers records are numbers; only grids span lines; only lines judge a cut line's length.
  for (const auto& named : sudoku_bench::kInputFormats) {
    const auto& module = record_format(named.format);
    EXPECT_EQ(module.numbers, named.format == InputFormat::numbers) << named.name;
    EXPECT_EQ(module.spans_lines, named.format == InputFormat::grid) << named.name;
    EXPECT_EQ(module.parses_cut_lines, named.format == InputFormat::lines || named.format == InputFormat::automatic)
        << named.name;
    // The per-record step takes a record whole, without asking fields(), where a module says it
    // splits none: csv and checks alone split.
    EXPECT_EQ(module.splits_fields, named.format == InputFormat::csv || named.format == InputFormat::checks)
        << named.name;
  }
  EXPECT_EQ(record_format(InputFormat::grid).where(kPuzzle.substr(0, 40) + "x" + kPuzzle.substr(41)),
            " (row 5, column 5 of the grid)");
}

TEST(InputFormatTest, NorvigGridsReadLikeTheirLines) {
  const auto top95 = test_util::read_lines("top95.txt");
  std::string grids, lines;
  for (std::size_t i = 0; i < 10; ++i) {
    grids += norvig_grid(top95[i]) + "\n";
    lines += top95[i] + "\n";
  }
  TempFile grid_file(grids), line_file(lines);
  const Outcome g = solve(grid_file.path()), l = solve(line_file.path());
  EXPECT_EQ(g.status, sudoku_bench::kExitOk) << g.err;
  EXPECT_EQ(g.out, l.out);
}

TEST(InputFormatTest, ProjectEulerGridsWithEqualsSeparatorsAndZeros) {
  const auto easy = test_util::read_lines("easy50.txt");
  std::string text, expected;
  for (std::size_t i = 0; i < 5; ++i) {
    text += "========\n";
    for (int r = 0; r < 9; ++r) {
      std::string row = easy[i].substr(static_cast<std::size_t>(r) * 9, 9);
      for (char& c : row)
        if (c == '.') c = '0';
      text += row + "\n";
    }
    expected += easy[i] + "\n";
  }
  TempFile grid_file(text), line_file(expected);
  EXPECT_EQ(solve(grid_file.path()).out, solve(line_file.path()).out);
}

TEST(InputFormatTest, SixteenBySixteenGridWithSpaces) {
  const std::string record = test_util::read_lines("sudoku16x16_1000.txt")[0];
  std::string text;
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c)
      text += std::string(1, record[static_cast<std::size_t>(r * 16 + c)]) + (c == 15 ? "\n" : " ");
  }
  TempFile grid_file(text), line_file(record + "\n");
  const Outcome g = solve(grid_file.path());
  EXPECT_EQ(g.status, sudoku_bench::kExitOk) << g.err;
  EXPECT_EQ(g.out, solve(line_file.path()).out);
}

TEST(InputFormatTest, MalformedGridsAreInvalidWithTheirReason) {
  std::string good = norvig_grid(kPuzzle);
  std::string short_grid = good.substr(0, good.find("------"));  // the first band only
  std::string bad_row = good;
  bad_row.replace(0, 1, "4 4");  // 10 cells in the first row
  std::string bad_cell = good;
  bad_cell[2] = 'x';
  TempFile f(short_grid + "\n" + good + "\n" + bad_row + "\n" + bad_cell);
  const Outcome o = solve(f.path());
  EXPECT_EQ(o.status, sudoku_bench::kExitUndecided);
  const std::string p = f.path();
  EXPECT_EQ(o.err, p + ":1: grid starting at line 1 has 3 of 9 rows\n" +                      //
                       p + ":17: grid row of 10 cells (expected 4, 9, 16, 25, 36 or 49)\n" +  // to the blank line
                       p + ":29: bad character 'x' at column 2 (row 1, column 2 of the grid)\n");
  EXPECT_EQ(std::count(o.out.begin(), o.out.end(), '\n'), 4);  // one outcome per grid
}

TEST(InputFormatTest, CsvSolutionsAreChecked) {
  std::string wrong = kSolution;
  std::swap(wrong[0], wrong[1]);
  TempFile f("quizzes,solutions\n" + kPuzzle + "," + kSolution + "\n" + kPuzzle + "," + wrong + "\n" + kPuzzle +
             ",12\n");
  const Outcome o = solve(f.path());
  EXPECT_EQ(o.status, sudoku_bench::kExitUndecided);
  EXPECT_EQ(o.out, kPuzzle + ":1:" + kSolution + "\n" + kPuzzle + ":1:" + kSolution + "\n" + kPuzzle + ":invalid\n");
  EXPECT_EQ(o.err, f.path() + ":3: check failed: the solution differs from the one given, first at row 1, column 1\n" +
                       f.path() +
                       ":4: expected solution: wrong length 2 (expected 16, 81, 256, 625, 1296 or 2401 cells)\n");

  const auto r = test_util::run(test_util::run_command_for({f.path()}, {1}, 1));
  EXPECT_EQ(r.status, sudoku_bench::kExitUndecided);
  EXPECT_EQ(r.report.passes[0].status.unique, 2u);
  EXPECT_EQ(r.report.passes[0].status.invalid, 1u);
  EXPECT_EQ(r.report.passes[0].status.checked, 2u);
  EXPECT_EQ(r.report.passes[0].status.check_failed, 1u);
  EXPECT_NE(r.out.find("2 checked, 1 failed"), std::string::npos) << r.out;
}

TEST(InputFormatTest, KaggleCsvChecksClean) {
  // The bundled Kaggle puzzles with their published solutions, as the original CSV had them.
  const auto puzzles = test_util::read_lines("kaggle_first20k.txt");
  const auto solutions = test_util::read_lines("kaggle_first20k.solutions.txt");
  std::string csv = "quizzes,solutions\n";
  for (std::size_t i = 0; i < 2000; ++i) csv += puzzles[i] + "," + solutions[i] + "\n";
  TempFile f(csv);
  const Outcome o = solve(f.path());
  EXPECT_EQ(o.status, sudoku_bench::kExitOk) << o.err.substr(0, 500);
  EXPECT_EQ(std::count(o.out.begin(), o.out.end(), '\n'), 2000);
}

TEST(InputFormatTest, SolveOutputReadsBackAsChecks) {
  // Counts saturate at the limit: serg_benchmark's exact counts check against "2 or more".
  const auto serg = test_util::read_lines("serg_benchmark.txt");
  const auto counts = test_util::read_lines("serg_benchmark.counts.txt");
  std::string checks;
  for (std::size_t i = 0; i < 50; ++i) checks += serg[i] + ":" + counts[i] + "\n";
  checks += kPuzzle + ":1:" + kSolution + "\n" + "55" + std::string(79, '.') + ":0\n" + "nope:invalid\n";
  TempFile f(checks);
  const Outcome o = solve(f.path());
  EXPECT_EQ(o.status, sudoku_bench::kExitUndecided);  // the invalid record, as expected, still is one
  EXPECT_EQ(o.err, f.path() + ":53: wrong length 4 (expected 16, 81, 256, 625, 1296 or 2401 cells)\n");
  TempFile round(o.out);  // solve's own output, read back
  const Outcome again = solve(round.path(), InputFormat::checks);
  EXPECT_EQ(again.out, o.out);
  TempFile wrong(kPuzzle + ":2\n" + kPuzzle + ":invalid\n");
  const Outcome w = solve(wrong.path());
  EXPECT_EQ(w.err, wrong.path() + ":1: check failed: expected 2 or more solutions, found 1\n" + wrong.path() +
                       ":2: check failed: expected an invalid record, found a puzzle\n");
}

// A record as side*side numbers, 0 for a blank.
std::string as_numbers(const std::string& record, const std::string& separator) {
  sudoku::Grid g;
  EXPECT_TRUE(sudoku::parse_record(record, g));
  std::string s;
  for (int i = 0; i < g.cell_count(); ++i) s += (i ? separator : "") + std::to_string(g.cells[i]);
  return s;
}

TEST(InputFormatTest, NumericRecordsReadLikeTheirLines) {
  const std::string record = test_util::read_lines("generated_49x49_20.txt")[0];
  const std::string spaced = as_numbers(record, " "), commas = as_numbers(record, ",");
  EXPECT_LE(commas.size(), sudoku_bench::kMaxRecordBytes);
  TempFile numbers_file(spaced + "\n" + commas + "\n" + as_numbers(kPuzzle, ", ") + "\n"), line_file(record + "\n");
  const Outcome n = solve(numbers_file.path());
  EXPECT_EQ(n.status, sudoku_bench::kExitOk) << n.err;
  const Outcome l = solve(line_file.path());
  ASSERT_EQ(l.status, sudoku_bench::kExitOk) << l.err;
  // Printed as symbols, whatever the input's layout.
  EXPECT_EQ(l.out.substr(0, record.size() + 3), record + ":1:");
  EXPECT_EQ(n.out, l.out + l.out + kPuzzle + ":1:" + kSolution + "\n");
  EXPECT_EQ(solve(numbers_file.path(), InputFormat::numbers).out, n.out);
}

TEST(InputFormatTest, BadNumericRecordsAreInvalidWithTheirReason) {
  const std::string row = as_numbers(kPuzzle, " ");
  TempFile f(row + "\n" + row.substr(2) + "\n" + row + " x\n" + "10" + row.substr(1) + "\n1,,2\n");
  const Outcome o = solve(f.path());
  EXPECT_EQ(o.status, sudoku_bench::kExitUndecided);
  const std::string p = f.path();
  EXPECT_EQ(o.err, p + ":2: wrong number of fields 80 (expected 16, 81, 256, 625, 1296 or 2401 numbers)\n" + p +
                       ":3: bad character 'x' at column " + std::to_string(row.size() + 2) + " (field 82)\n" + p +
                       ":4: number 10 in field 1 is out of range for a 9x9 grid (0 to 9)\n" + p +
                       ":5: empty field 2 at column 3\n");
  EXPECT_EQ(o.out.substr(o.out.find('\n') + 1, row.size() - 2 + 8), row.substr(2) + ":invalid");
}

TEST(InputFormatTest, ForcedFormatOverridesDetection) {
  TempFile f("1234............\n");  // a 4x4 record, or the first row of a 16x16 grid
  EXPECT_EQ(solve(f.path()).out, "1234............:2\n");
  const Outcome forced = solve(f.path(), InputFormat::grid);
  EXPECT_EQ(forced.out, "1234............:invalid\n");
  EXPECT_EQ(forced.err, f.path() + ":1: grid starting at line 1 has 1 of 16 rows\n");
}

}  // namespace
