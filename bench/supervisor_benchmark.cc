// What the supervisor of `run` (run/supervisor.h) costs per pass: the measuring child encodes the
// pass (report/pass_codec.h's bytes) and sends it, the parent reads and decodes it. Between passes, outside their
// timing, but it lengthens the run. Measured on a real pass: one reading of sudoku17_49158 by
// bitmask, whose latency histogram has thousands of buckets (as large as a pass's frame gets).
#include <benchmark/benchmark.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "real_pass.h"
#include "report/pass_codec.h"
#include "run/pass_link.h"

namespace {

const std::string kSudoku17 = std::string(SUDOKU_BENCH_DATASETS_DIR) + "/sudoku17_49158.txt";

// The real pass; none, and the benchmark skipped, when the dataset is missing.
std::optional<sudoku_bench::MeasuredPass> real_pass(benchmark::State& state) {
  sudoku_bench::MeasuredPass pass = bench::real_pass(kSudoku17);
  if (pass.status.records() > 0) return pass;
  state.SkipWithError("dataset not found");
  return std::nullopt;
}

// A socket pair whose buffers hold a whole frame: one thread sends, then reads.
struct Link {
  int fds[2] = {-1, -1};
  Link() {
    socketpair(AF_UNIX, SOCK_STREAM, 0, fds);
    int size = 8 << 20;
    setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
    setsockopt(fds[1], SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
  }
  ~Link() {
    close(fds[0]);
    close(fds[1]);
  }
};

std::string frame_of(const sudoku_bench::MeasuredPass& pass, Link& link) {
  sudoku_bench::PassLink sender(link.fds[0]);
  sudoku_bench::LinkReader reader(link.fds[1]);
  sender.pass(0, pass);
  std::optional<std::pair<sudoku_bench::LinkFrame, std::string>> frame;
  while (!(frame = reader.next())) reader.read(100);
  return frame->second;
}

// The child's part, between two passes: the pass encoded and sent (and, here, received: the
// parent's recv). Bytes: the frame's.
void BM_PassSent(benchmark::State& state) {
  const auto pass = real_pass(state);
  if (!pass) return;
  Link link;
  std::size_t bytes = 0;
  for (auto _ : state) bytes = frame_of(*pass, link).size();
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
  state.counters["frame_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_PassSent)->Unit(benchmark::kMicrosecond);

// The parent's part, once the child has ended: the pass decoded.
void BM_PassDecoded(benchmark::State& state) {
  const auto pass = real_pass(state);
  if (!pass) return;
  Link link;
  const std::string frame = frame_of(*pass, link);
  const std::string_view encoded = std::string_view(frame).substr(frame.find('\n') + 1);
  for (auto _ : state) benchmark::DoNotOptimize(sudoku_bench::pass_from_bytes(encoded));
}
BENCHMARK(BM_PassDecoded)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
