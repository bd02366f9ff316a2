// What a report says of its passes holds when read back (issue 63): a file name of any bytes
// round-trips, the input's stamp is kept, a key given twice is refused, and a copy of a report is
// known as one.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "report/history.h"
#include "report/pass_fields.h"
#include "report/report_json.h"
#include "run/report_files.h"
#include "temp_file.h"

namespace {

using sudoku_bench::MeasuredPass;
using sudoku_bench::Report;

MeasuredPass named_pass(const std::string& dataset, const std::string& path) {
  MeasuredPass pass;
  pass.id.dataset = dataset;
  pass.id.path = path;
  pass.id.solver = "bitmask";
  pass.threads = 1;
  pass.id.repetition = 1;
  pass.id.run_id = "00112233445566778899aabbccddeeff";
  pass.id.sequence = 1;
  return pass;
}

TEST(ReportTruthTest, ANameOfAnyBytesRoundTrips) {
  const std::string bytes = "dir/bad\xff\xfe" + std::string("\0x", 2) + "\xc0\xaf.txt";
  MeasuredPass pass = named_pass("bad\xff", bytes);
  pass.id.input = sudoku_bench::InputStamp{7790, 1234567890123456789, "7790:0123456789abcdef"};
  const auto json = sudoku_bench::pass_to_json(pass);
  EXPECT_EQ(json["path_bytes"], "6469722f626164fffe0078c0af2e747874");
  const MeasuredPass read = sudoku_bench::pass_from_json(
      nlohmann::ordered_json::parse(json.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace)));
  EXPECT_EQ(read.id.path, bytes);
  EXPECT_EQ(read.id.dataset, "bad\xff");
  EXPECT_EQ(read.id.input, pass.id.input);
}

TEST(ReportTruthTest, AUtf8NameHasNoBytesBesideIt) {
  const auto json = sudoku_bench::pass_to_json(named_pass("p\xc3\xa4ivi\xc3\xa4", "p\xc3\xa4ivi\xc3\xa4.txt"));
  EXPECT_TRUE(json["path_bytes"].is_null());
  EXPECT_TRUE(json["dataset_bytes"].is_null());
  EXPECT_TRUE(json["input"].is_null());
}

TEST(ReportTruthTest, AKeyGivenTwiceIsRefusedByName) {
  Report report;
  report.passes.push_back(named_pass("top95", "top95.txt"));
  std::string text = sudoku_bench::json_text(sudoku_bench::to_json(report));
  text.insert(text.find('{') + 1, "\"runs\": [],");
  const test_util::TempFile file(text, ".json");
  try {
    sudoku_bench::read_json_file(file.path());
    FAIL() << "a report with \"runs\" twice was read";
  } catch (const sudoku_bench::ReportFormatError& e) {
    EXPECT_NE(std::string(e.what()).find(file.path() + ": the key \"runs\" is given twice"), std::string::npos)
        << e.what();
  }
}

TEST(ReportTruthTest, ACopyOfAReportIsKnownAsOne) {
  Report a, b;
  a.passes.push_back(named_pass("top95", "top95.txt"));
  b.passes.push_back(named_pass("top95", "top95.txt"));
  b.passes.back().id.run_id = "ffeeddccbbaa99887766554433221100";
  Report old = a;
  old.passes.back().id.run_id.clear();  // before run ids: never taken for a copy
  const auto repeats = sudoku_bench::repeated_reports({a, b, a, old, old});
  ASSERT_EQ(repeats.size(), 5u);
  EXPECT_FALSE(repeats[0]);
  EXPECT_FALSE(repeats[1]);
  EXPECT_EQ(repeats[2], 0u);
  EXPECT_FALSE(repeats[3]);
  EXPECT_FALSE(repeats[4]);
}

}  // namespace
