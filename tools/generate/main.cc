// sudoku-generate: puzzles with a unique solution (or, with --keep-percent, solvable by
// construction), one record per line on stdout.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <exception>
#include <iterator>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "sudoku/generate.h"

namespace {

constexpr const char* kUsage =
    "usage: sudoku-generate [--box B] [--count N] [--seed S] [--first I] [--min-givens G] [--check-nodes K]\n"
    "                       [--keep-percent P] [--threads T]\n"
    "  Writes N puzzles, one per line, each with exactly one solution (but see --keep-percent):\n"
    "  symbols 1-9, A-Z, then a-n, '.' for a blank. Each is a random complete grid with cells\n"
    "  blanked in random order.\n"
    "  --box B          box side: 2 (4x4), 3 (9x9, default), 4 (16x16), 5 (25x25), 6 (36x36) or 7 (49x49)\n"
    "  --count N        number of puzzles (default 1)\n"
    "  --seed S         series seed (default 1); the same seed gives the same puzzles\n"
    "  --first I        index of the first puzzle in the series (default 0), to extend a series\n"
    "  --min-givens G   stop removing givens once G are left (default 0: remove all that can go)\n"
    "  --check-nodes K  recount the whole puzzle after each removal and keep a given whose removal\n"
    "                   needs more than K search nodes to prove it unique, so that bitmask solves\n"
    "                   every output within K nodes. Default 0: each removal is proven instead by\n"
    "                   searching the cell's other digits for a solution; exact (minimal puzzles) up\n"
    "                   to 9x9, a proof giving up after 1,000,000 nodes at 16x16 and 16 nodes from\n"
    "                   25x25 (the given then stays: every puzzle is still proven unique)\n"
    "  --keep-percent P keep P% of the cells (1 to 100, rounded to whole cells) as givens and prove\n"
    "                   nothing: each puzzle keeps the solution it was made from and may have\n"
    "                   others (solvable by construction; random large-grid instances). Not with\n"
    "                   --min-givens or --check-nodes\n"
    "  --threads T      puzzles made at once (default: all hardware threads); the output is the same\n"
    "  Progress goes to stderr when it is a terminal.\n";

bool parse_number(std::string_view text, std::uint64_t& out) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && end == text.data() + text.size();
}

// Puzzles first..first+count-1 made by `threads` workers, each with its own generator, and written
// in index order: a puzzle depends on (options, index) alone, so the output is the same whatever
// the threads. Workers run at most `window` puzzles ahead of the writer, which bounds memory.
class Series {
 public:
  Series(const sudoku::GenerateOptions& options, std::uint64_t first, std::uint64_t count, unsigned threads)
      : options_(options), first_(first), count_(count), window_(4 * static_cast<std::uint64_t>(threads)) {
    for (unsigned t = 0; t < threads; ++t) workers_.emplace_back([this] { work(); });
  }

  ~Series() {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    changed_.notify_all();
    for (std::thread& t : workers_) t.join();
  }

  // The record of puzzle first + k, waiting for it; k counts up from 0, one call each.
  std::string take(std::uint64_t k) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return failure_ || (!done_.empty() && !done_.front().empty()); });
    if (failure_) std::rethrow_exception(failure_);
    std::string line = std::move(done_.front());
    done_.pop_front();
    written_ = k + 1;
    changed_.notify_all();
    return line;
  }

 private:
  void work() {
    try {
      sudoku::PuzzleGenerator generator(options_);
      for (;;) {
        std::uint64_t k = 0;
        {
          std::unique_lock lock(mutex_);
          changed_.wait(lock, [&] { return stopping_ || next_ >= count_ || next_ < written_ + window_; });
          if (stopping_ || next_ >= count_) return;
          k = next_++;
        }
        std::string line = sudoku::to_string(generator.make(first_ + k));
        line += '\n';
        const std::lock_guard lock(mutex_);
        // done_ holds puzzles written_.. in order, an empty string for one still being made.
        const std::uint64_t slot = k - written_;
        if (done_.size() <= slot) done_.resize(slot + 1);
        done_[slot] = std::move(line);
        changed_.notify_all();
      }
    } catch (...) {
      const std::lock_guard lock(mutex_);
      if (!failure_) failure_ = std::current_exception();
      changed_.notify_all();
    }
  }

  const sudoku::GenerateOptions options_;
  const std::uint64_t first_, count_, window_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> done_;
  std::uint64_t next_ = 0, written_ = 0;
  bool stopping_ = false;
  std::exception_ptr failure_;
  std::vector<std::thread> workers_;  // last: started once the rest is built
};

constexpr std::uint64_t kAny = std::numeric_limits<std::uint64_t>::max();

struct Args {
  std::uint64_t box = 3, count = 1, seed = 1, first = 0, min_givens = 0, check_nodes = 0, keep_percent = 0,
                threads = std::max(1u, std::thread::hardware_concurrency());
};

// Reads the command line into `args`; an exit status when the program is done (help, a usage error).
std::optional<int> parse_args(int argc, char** argv, Args& args) {
  const struct {
    std::string_view name;
    std::uint64_t* value;
    std::uint64_t min, max;
  } flags[] = {{"--box", &args.box, sudoku::kMinBox, sudoku::kMaxBox},
               {"--count", &args.count, 0, kAny},
               {"--seed", &args.seed, 0, kAny},
               {"--first", &args.first, 0, kAny},
               {"--min-givens", &args.min_givens, 0, kAny},
               {"--check-nodes", &args.check_nodes, 0, kAny},
               {"--keep-percent", &args.keep_percent, 1, 100},
               {"--threads", &args.threads, 1, 1024}};
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    const auto* flag = std::find_if(std::begin(flags), std::end(flags), [&](const auto& f) { return f.name == arg; });
    if (flag == std::end(flags)) {
      std::fprintf(stderr, "sudoku-generate: unknown option '%s'\n%s", argv[i], kUsage);
      return 2;
    }
    if (++i >= argc || !parse_number(argv[i], *flag->value) || *flag->value < flag->min || *flag->value > flag->max) {
      std::fprintf(stderr, "sudoku-generate: %s: '%s' is not a whole number from %llu to %llu\n", arg.data(),
                   i < argc ? argv[i] : "", static_cast<unsigned long long>(flag->min),
                   static_cast<unsigned long long>(flag->max));
      return 2;
    }
  }
  if (args.keep_percent != 0 && (args.min_givens != 0 || args.check_nodes != 0)) {
    std::fputs("sudoku-generate: --keep-percent proves nothing, so it takes neither --min-givens nor --check-nodes\n",
               stderr);
    return 2;
  }
  if (args.count > 0 && args.first > kAny - (args.count - 1)) {
    std::fprintf(stderr, "sudoku-generate: --first %llu with --count %llu runs past the last index\n",
                 static_cast<unsigned long long>(args.first), static_cast<unsigned long long>(args.count));
    return 2;
  }
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  if (const std::optional<int> done = parse_args(argc, argv, args)) return *done;
  sudoku::GenerateOptions options;
  options.box = static_cast<int>(args.box);
  options.seed = args.seed;
  options.min_givens = static_cast<int>(std::min<std::uint64_t>(args.min_givens, sudoku::kMaxCells));
  options.check_nodes = args.check_nodes;
  if (args.keep_percent != 0) {
    const std::uint64_t cells = args.box * args.box * args.box * args.box;
    options.unique = false;
    options.min_givens = static_cast<int>((cells * args.keep_percent + 50) / 100);
  }
  const std::uint64_t count = args.count;
  const bool progress = isatty(STDERR_FILENO) == 1;
  using Clock = std::chrono::steady_clock;
  auto drawn = Clock::now();
  try {
    Series series(options, args.first, count,
                  static_cast<unsigned>(std::min<std::uint64_t>(args.threads, std::max<std::uint64_t>(count, 1))));
    for (std::uint64_t k = 0; k < count; ++k) {
      const std::string line = series.take(k);
      if (std::fwrite(line.data(), 1, line.size(), stdout) != line.size()) {
        std::perror("sudoku-generate: write");
        return 1;
      }
      if (progress && (k + 1 == count || Clock::now() - drawn > std::chrono::milliseconds(200))) {
        std::fflush(stdout);
        std::fprintf(stderr, "\rsudoku-generate: %llu/%llu puzzles\033[K", static_cast<unsigned long long>(k + 1),
                     static_cast<unsigned long long>(count));
        drawn = Clock::now();
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "sudoku-generate: %s\n", e.what());
    return 1;
  }
  if (progress && count > 0) std::fputs("\r\033[K", stderr);
  return std::fflush(stdout) == 0 ? 0 : 1;
}
