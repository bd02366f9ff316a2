// report/pass_codec.h: the whole pass as bytes, as the supervisor link sends it, comes back equal,
// every figure and histogram exactly, unmeasured figures unmeasured and strings byte for byte; bytes
// cut short or too many are refused; the MPI row of the same order keeps its length.
#include "report/pass_codec.h"

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>

#include "report/pass_fields.h"
#include "stats/histogram.h"

namespace {

using sudoku_bench::Fig;
using sudoku_bench::MeasuredPass;

// A pass with every kind of field set: names with a NUL and bad UTF-8, numbers JSON text would
// round, figures measured and not, distributions with buckets, parts, tails and its input.
MeasuredPass full_pass() {
  MeasuredPass p;
  p.id.dataset = std::string(
      "top\0"
      "95",
      6);
  p.id.path = "bad \xff name.txt";
  p.id.solver = "plugin:./x.so";
  p.id.implementation = "fast:avx512";
  p.id.run_id = "r1+r2";
  p.threads = 8;
  p.threads_observed = 7;
  p.id.repetition = 3;
  p.id.sequence = 5;
  p.loops = 2;
  p.complete = false;
  p.id.input = sudoku_bench::InputStamp{12345, -7, "12345:abcd"};
  p.status.unique = std::numeric_limits<std::uint64_t>::max();  // no double holds it
  p.status.wrong = 2;
  p.wall_seconds = 0.1 + 0.2;
  p.figures[Fig::cpu_seconds] = 1.0 / 3;
  p.figures[Fig::minor_page_faults] = 0;  // measured as 0, not unmeasured
  p.distributions.latency_measured = true;
  sudoku_bench::Histogram h;
  for (std::uint64_t v : {1u, 2u, 3000u, 40000u, 40001u}) h.record(v);
  p.distributions.latency_ns = sudoku_bench::summarize(h);
  p.distributions.tree_size_reported = false;
  p.distributions.guesses.count = 4;
  p.distributions.guesses.mean = 5e-324;  // the smallest double
  p.pipeline = {true, 0.5, 0.25, 1.75};
  p.split.timing = sudoku_bench::Timing::ranks;
  p.split.ranks = 2;
  p.split.parts = {{0, "host-a", 10, 0.5, 0.4, std::nullopt, 0.01}, {1, "host-b", 11, 0.6, std::nullopt, 0.2, 0.02}};
  p.noise.measured = true;
  p.noise.steal = 0.015;
  p.noise.involuntary_switches = 9;
  p.outlier = true;
  p.file_records = 95;
  p.distributions.tail_latency_ns = {{10, 400, 380}, {100, 900, std::nullopt}};
  return p;
}

TEST(PassCodecTest, TheWholePassComesBackEqual) {
  const MeasuredPass sent = full_pass();
  const MeasuredPass back = sudoku_bench::pass_from_bytes(sudoku_bench::pass_bytes(sent));
  EXPECT_EQ(sudoku_bench::pass_to_json(back), sudoku_bench::pass_to_json(sent));
  // What the JSON does not show, or shows rounded: compared field by field.
  EXPECT_EQ(back.id.dataset, sent.id.dataset);
  EXPECT_EQ(back.id.path, sent.id.path);
  EXPECT_EQ(back.status.unique, sent.status.unique);
  EXPECT_EQ(back.wall_seconds, sent.wall_seconds);
  EXPECT_EQ(back.distributions.guesses.mean, sent.distributions.guesses.mean);
  EXPECT_EQ(back.figures, sent.figures);
  EXPECT_FALSE(back.figures[Fig::peak_rss_bytes].has_value());
  EXPECT_EQ(back.distributions.latency_ns.buckets, sent.distributions.latency_ns.buckets);
  EXPECT_EQ(back.distributions.latency_ns.log2_counts, sent.distributions.latency_ns.log2_counts);
  EXPECT_EQ(back.distributions.latency_ns.percentiles, sent.distributions.latency_ns.percentiles);
  EXPECT_EQ(back.id.input, sent.id.input);
  EXPECT_EQ(back.split.parts.size(), 2u);
  EXPECT_EQ(back.split.parts[1].host, "host-b");
  EXPECT_EQ(back.split.parts[1].cpu_seconds, std::nullopt);
  EXPECT_EQ(back.distributions.tail_latency_ns.size(), 2u);
  EXPECT_EQ(back.distributions.tail_latency_ns[1].p999, std::nullopt);
  EXPECT_EQ(back.split.timing, sudoku_bench::Timing::ranks);
  EXPECT_EQ(back.id.sequence, 5);
  EXPECT_TRUE(back.outlier);
  EXPECT_FALSE(back.complete);
}

TEST(PassCodecTest, BytesCutShortOrTooManyAreRefused) {
  const std::string bytes = sudoku_bench::pass_bytes(full_pass());
  for (std::size_t cut : {std::size_t{0}, std::size_t{1}, bytes.size() / 2, bytes.size() - 1})
    EXPECT_THROW(sudoku_bench::pass_from_bytes(bytes.substr(0, cut)), std::invalid_argument) << cut;
  EXPECT_THROW(sudoku_bench::pass_from_bytes(bytes + "x"), std::invalid_argument);
  // A length that promises more than the bytes hold allocates nothing: refused at once.
  std::string huge = bytes;
  huge.replace(0, 8, std::string(8, '\xff'));
  EXPECT_THROW(sudoku_bench::pass_from_bytes(huge), std::invalid_argument);
}

// A flag byte that is neither 0 nor 1 (a scribbled frame) is refused, not copied into a bool.
TEST(PassCodecTest, AFlagThatIsNeitherZeroNorOneIsRefused) {
  std::string bytes = sudoku_bench::pass_bytes(MeasuredPass{});
  // latency_measured: after five empty names (their lengths), four ints and the timing.
  const std::size_t flag = 5 * sizeof(std::uint64_t) + 4 * sizeof(int) + sizeof(sudoku_bench::Timing);
  ASSERT_EQ(bytes.at(flag), '\x01');
  bytes[flag] = '\x02';
  EXPECT_THROW(sudoku_bench::pass_from_bytes(bytes), std::invalid_argument);
}

TEST(PassCodecTest, TheMpiRowHasOneLengthAndItsFigures) {
  const MeasuredPass a = full_pass();
  MeasuredPass b = full_pass();
  b.split.parts.clear();
  b.distributions.tail_latency_ns.clear();
  b.figures[Fig::cpu_seconds].reset();
  EXPECT_EQ(sudoku_bench::part_figures(a).size(), sudoku_bench::part_figures(b).size());
  const MeasuredPass part = sudoku_bench::part_of(b, sudoku_bench::part_figures(b));
  EXPECT_EQ(part.figures, b.figures);
  EXPECT_EQ(part.distributions.latency_ns.count, b.distributions.latency_ns.count);
  EXPECT_TRUE(part.distributions.latency_ns.buckets.empty());  // summed apart
  EXPECT_EQ(part.split.ranks, 1);
}

}  // namespace
