// Other people's files: every class of bad input gets a message with file and line, and every
// record read gets exactly one outcome, in `solve` (one line each) and in `run` (the counts).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <csignal>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "run/exit_codes.h"
#include "run/interrupt.h"
#include "run/run.h"
#include "run/solve.h"
#include "run_util.h"
#include "temp_file.h"
#include "test_util.h"

namespace {

using test_util::Capture;
using test_util::TempFile;

const std::string kPuzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

struct Outcome {
  int status;
  std::string out, err;
  std::size_t lines() const { return static_cast<std::size_t>(std::count(out.begin(), out.end(), '\n')); }
};

Outcome solve(const std::string& path, sudoku_bench::InputFormat format = sudoku_bench::InputFormat::automatic) {
  sudoku_bench::SolveCommand command;
  command.input = path;
  command.pipeline.format = format;
  command.threads = sudoku_bench::ThreadCount::of(2);
  Capture out, err;
  const int status = sudoku_bench::solve_command(command, out.file(), err.file());
  return {status, out.text(), err.text()};
}

// The outcome counts of one `run` pass, and its exit status.
std::pair<int, sudoku_bench::Tally> run(const std::string& path, std::string* err_text = nullptr,
                                        sudoku_bench::InputFormat format = sudoku_bench::InputFormat::automatic) {
  auto command = test_util::run_command_for({path}, {2}, 1);
  command.pass.pipeline.format = format;
  sudoku_bench::Report report;
  Capture out, err;
  const int status = sudoku_bench::run_command(command, out.file(), err.file(), &report);
  if (err_text) *err_text = err.text();
  return {status, report.passes.empty() ? sudoku_bench::Tally{} : report.passes[0].status};
}

// `records` lines of the file are records: `solve` prints that many lines and `run` counts them.
void expect_outcomes_add_up(const std::string& path, std::size_t records) {
  const Outcome o = solve(path);
  EXPECT_EQ(o.lines(), records) << o.out;
  const auto [status, tally] = run(path);
  EXPECT_EQ(tally.records(), records);
}

TEST(HostileInputTest, EmptyFileAndOnlyComments) {
  for (const std::string text : {"", "# nothing\n#\n\n\r\n"}) {
    TempFile f(text);
    const Outcome o = solve(f.path());
    EXPECT_EQ(o.status, sudoku_bench::kExitOk);
    EXPECT_EQ(o.out, "");
    std::string err;
    const auto [status, tally] = run(f.path(), &err);
    EXPECT_EQ(status, sudoku_bench::kExitOk);
    EXPECT_EQ(tally.records(), 0u);
    EXPECT_NE(err.find(f.path() + ": no records"), std::string::npos) << err;
  }
}

TEST(HostileInputTest, NoTrailingNewlineAndCrLf) {
  TempFile f(kPuzzle + "\r\n" + kPuzzle + "\r\n" + kPuzzle);
  const Outcome o = solve(f.path());
  EXPECT_EQ(o.status, sudoku_bench::kExitOk) << o.err;
  EXPECT_EQ(o.lines(), 3u);
  EXPECT_EQ(run(f.path()).second.unique, 3u);
}

TEST(HostileInputTest, WrongLengthsNameTheirLengthAndLine) {
  TempFile f(kPuzzle.substr(0, 80) + "\n" + kPuzzle + "." + "\n" + std::string(1 << 20, '.') + "\n" + kPuzzle + "\n");
  const Outcome o = solve(f.path());
  EXPECT_EQ(o.status, sudoku_bench::kExitUndecided);
  EXPECT_EQ(o.err, f.path() + ":1: wrong length 80 (expected 16, 81, 256, 625, 1296 or 2401 cells)\n" + f.path() +
                       ":2: wrong length 82 (expected 16, 81, 256, 625, 1296 or 2401 cells)\n" + f.path() +
                       ":3: wrong length 1048576 (expected 16, 81, 256, 625, 1296 or 2401 cells)\n");
  expect_outcomes_add_up(f.path(), 4);
  EXPECT_EQ(run(f.path()).second.invalid, 3u);
}

TEST(HostileInputTest, BadCharactersNameTheirColumnAndLine) {
  const auto with = [](std::size_t pos, const std::string& text) {
    return kPuzzle.substr(0, pos) + text + kPuzzle.substr(pos + 1);
  };
  TempFile f(with(3, "x") + "\n" + with(0, "-") + "\n" + with(5, "\xC3\xA9") + "\n" + with(7, std::string(1, '\0')) +
             "\n");
  const Outcome o = solve(f.path());
  EXPECT_EQ(o.status, sudoku_bench::kExitUndecided);
  EXPECT_EQ(o.err, f.path() + ":1: bad character 'x' at column 4\n" + f.path() + ":2: bad character '-' at column 1\n" +
                       f.path() + ":3: bad byte 0xC3 at column 6\n" + f.path() + ":4: bad byte 0x00 at column 8\n");
  expect_outcomes_add_up(f.path(), 4);
}

TEST(HostileInputTest, BinaryGarbageIsInvalidRecordByRecord) {
  std::mt19937 rng(1);
  std::string garbage;
  for (int i = 0; i < 200'000; ++i) garbage += static_cast<char>(rng() & 0xFF);
  TempFile f(garbage);
  // Records are the lines that are not empty and do not start with '#'.
  std::size_t records = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= garbage.size(); ++i) {
    if (i == garbage.size() || garbage[i] == '\n') {
      std::string line = garbage.substr(start, i - start);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty() && line[0] != '#') ++records;
      start = i + 1;
    }
  }
  const auto lines = sudoku_bench::InputFormat::lines;
  const Outcome o = solve(f.path(), lines);
  EXPECT_EQ(o.status, sudoku_bench::kExitUndecided);
  EXPECT_EQ(o.lines(), records);
  EXPECT_EQ(static_cast<std::size_t>(std::count(o.err.begin(), o.err.end(), '\n')), records);
  const auto [status, tally] = run(f.path(), nullptr, lines);
  EXPECT_EQ(tally.records(), records);
  EXPECT_EQ(tally.invalid, records);
  // Detected as whatever its first line suggests, the garbage still gets one outcome per record.
  const Outcome detected = solve(f.path());
  const auto [detected_status, detected_tally] = run(f.path());
  EXPECT_EQ(detected_tally.records(), detected.lines());
  EXPECT_EQ(detected_tally.invalid, detected.lines());
}

TEST(HostileInputTest, ConflictingGivensHaveNoSolutionAndAreNoError) {
  TempFile f("11" + std::string(79, '.') + "\n");
  const Outcome o = solve(f.path());
  EXPECT_EQ(o.status, sudoku_bench::kExitOk);
  EXPECT_EQ(o.out, "11" + std::string(79, '.') + ":0\n");
  EXPECT_EQ(run(f.path()).second.none, 1u);
}

TEST(HostileInputTest, DirectoriesMissingAndUnreadableFiles) {
  EXPECT_EQ(solve("/tmp").err, "sudoku-bench solve: /tmp: is a directory\n");
  EXPECT_EQ(solve("/tmp").status, sudoku_bench::kExitIo);
  EXPECT_EQ(solve("/no/such.txt").err, "sudoku-bench solve: /no/such.txt: cannot open: No such file or directory\n");
  std::string err;
  EXPECT_EQ(run("/no/such.txt", &err).first, sudoku_bench::kExitIo);
  EXPECT_EQ(err, "sudoku-bench run: /no/such.txt: cannot open: No such file or directory\n");
  // Permissions do not stop root, but reading /proc/self/mem at offset 0 fails for everyone.
  const Outcome mem = solve("/proc/self/mem");
  EXPECT_EQ(mem.status, sudoku_bench::kExitIo);
  EXPECT_EQ(mem.err, "sudoku-bench solve: /proc/self/mem:1: read error: Input/output error\n");
  if (geteuid() != 0) {
    TempFile locked(kPuzzle + "\n");
    chmod(locked.path().c_str(), 0);
    EXPECT_EQ(solve(locked.path()).err, "sudoku-bench solve: " + locked.path() + ": cannot open: Permission denied\n");
  }
}

TEST(HostileInputTest, TruncatedGzipKeepsTheRecordsBeforeTheDamage) {
  std::string text;
  for (int i = 0; i < 5000; ++i) text += kPuzzle + "\n";
  TempFile whole("", ".gz");
  gzFile gz = gzopen(whole.path().c_str(), "wb");
  gzwrite(gz, text.data(), static_cast<unsigned>(text.size()));
  gzclose(gz);
  std::ifstream in(whole.path(), std::ios::binary);
  const std::string packed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  TempFile cut(packed.substr(0, packed.size() / 2), ".gz");
  const Outcome o = solve(cut.path());
  EXPECT_EQ(o.status, sudoku_bench::kExitIo);
  EXPECT_NE(o.err.find("sudoku-bench solve: " + cut.path() + ":"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find(": truncated gzip data (unexpected end of file)"), std::string::npos) << o.err;
  std::string err;
  EXPECT_EQ(run(cut.path(), &err).first, sudoku_bench::kExitIo);
  EXPECT_NE(err.find("truncated gzip data"), std::string::npos) << err;
}

TEST(HostileInputTest, AbortedPuzzlesAreNamedAndCounted) {
  // The first has thousands of solutions, the second none; a tiny node limit stops both.
  TempFile f(
      ".....6....59.....82....8....45........3........6..3.54...325..6..................\n"
      ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........\n" +
      kPuzzle + "\n");
  sudoku_bench::SolveCommand command;
  command.input = f.path();
  command.step.solve.max_nodes = 3;
  Capture out, err;
  EXPECT_EQ(sudoku_bench::solve_command(command, out.file(), err.file()), sudoku_bench::kExitUndecided);
  const std::string text = out.text(), errors = err.text();
  EXPECT_NE(text.find(":aborted\n"), std::string::npos) << text;
  EXPECT_NE(errors.find(f.path() + ":1: aborted after 3 nodes and "), std::string::npos) << errors;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 3);

  auto run = test_util::run_command_for({f.path()}, {1}, 2);
  run.pass.step.solve.max_nodes = 3;
  sudoku_bench::Report report;
  Capture run_out, run_err;
  EXPECT_EQ(sudoku_bench::run_command(run, run_out.file(), run_err.file(), &report), sudoku_bench::kExitUndecided);
  ASSERT_EQ(report.passes.size(), 2u);
  EXPECT_EQ(report.passes[0].status.aborted + report.passes[0].status.unique, 3u);
  EXPECT_GE(report.passes[0].status.aborted, 1u);
  EXPECT_EQ(report.passes[0].distributions.tree_size.max, 3u);  // partial trees are counted, never beyond the limit
}

TEST(HostileInputTest, TimeLimitAbortsAndTheRunGoesOn) {
  TempFile f(std::string(625, '.') + "\n" + kPuzzle + "\n");  // an empty 25x25 grid, counted to a million
  sudoku_bench::SolveCommand command;
  command.input = f.path();
  command.step.solve.max_solutions = 1'000'000;
  command.step.solve.time_limit = std::chrono::milliseconds(20);
  Capture out, err;
  EXPECT_EQ(sudoku_bench::solve_command(command, out.file(), err.file()), sudoku_bench::kExitUndecided);
  EXPECT_EQ(out.text(), std::string(625, '.') + ":aborted\n" + kPuzzle + ":1:" +
                            "417369825632158947958724316825437169791586432346912758289643571573291684164875293\n");
}

class InterruptTest : public ::testing::Test {
 protected:
  void TearDown() override { sudoku_bench::simulate_interrupt(0); }
};

TEST_F(InterruptTest, AnInterruptedRunWritesAValidReportMarkedInterrupted) {
  TempFile json("", ".json");
  auto command = test_util::run_command_for({test_util::dataset_path("top95.txt")}, {1}, 3);
  command.outputs = {{sudoku_bench::ReportFormat::json, json.path()}};
  sudoku_bench::simulate_interrupt(SIGINT);
  Capture out, err;
  EXPECT_EQ(sudoku_bench::run_command(command, out.file(), err.file()), 128 + SIGINT);
  std::ifstream in(json.path());
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["interrupted"], true);
  EXPECT_TRUE(j["runs"].is_array());
  EXPECT_NE(err.text().find("interrupted by signal 2"), std::string::npos);
}

TEST_F(InterruptTest, AnInterruptedSolveReadsNoFurther) {
  sudoku_bench::simulate_interrupt(SIGTERM);
  const Outcome o = solve(test_util::dataset_path("top95.txt"));
  EXPECT_EQ(o.status, 128 + SIGTERM);
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(o.err, "sudoku-bench solve: interrupted by signal 15 after 0 records; every record read has its line\n");
}

}  // namespace
