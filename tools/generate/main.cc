// sudoku-generate: puzzles with a unique solution, one record per line on stdout.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "sudoku/generate.h"

namespace {

constexpr const char* kUsage =
    "usage: sudoku-generate [--box B] [--count N] [--seed S] [--first I] [--min-givens G] [--check-nodes K]\n"
    "  Writes N puzzles with exactly one solution, one per line: symbols 1-9, A-Z, then a-n,\n"
    "  '.' for a blank.\n"
    "  --box B          box side: 2 (4x4), 3 (9x9, default), 4 (16x16), 5 (25x25), 6 (36x36) or 7 (49x49)\n"
    "  --count N        number of puzzles (default 1)\n"
    "  --seed S         series seed (default 1); the same seed gives the same puzzles\n"
    "  --first I        index of the first puzzle in the series (default 0), to extend a series\n"
    "  --min-givens G   stop removing givens once G are left (default 0: remove all that can go)\n"
    "  --check-nodes K  keep a given whose removal needs more than K search nodes to prove the\n"
    "                   puzzle unique (default 0: no limit); bounds the time to solve the output\n";

bool parse_number(std::string_view text, std::uint64_t& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return !text.empty() && ec == std::errc{} && end == text.data() + text.size();
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t box = 3, count = 1, seed = 1, first = 0, min_givens = 0, check_nodes = 0;
  const struct {
    std::string_view name;
    std::uint64_t* value;
  } flags[] = {{"--box", &box},     {"--count", &count},           {"--seed", &seed},
               {"--first", &first}, {"--min-givens", &min_givens}, {"--check-nodes", &check_nodes}};
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    std::uint64_t* value = nullptr;
    for (const auto& flag : flags)
      if (flag.name == arg) value = flag.value;
    if (!value) {
      std::fprintf(stderr, "sudoku-generate: unknown option '%s'\n%s", argv[i], kUsage);
      return 2;
    }
    if (++i >= argc || !parse_number(argv[i], *value)) {
      std::fprintf(stderr, "sudoku-generate: %s needs an unsigned number\n", arg.data());
      return 2;
    }
  }
  if (box < sudoku::kMinBox || box > sudoku::kMaxBox) {
    std::fprintf(stderr, "sudoku-generate: --box must be 2, 3, 4, 5, 6 or 7\n");
    return 2;
  }

  sudoku::GenerateOptions options;
  options.box = static_cast<int>(box);
  options.seed = seed;
  options.min_givens = static_cast<int>(std::min<std::uint64_t>(min_givens, sudoku::kMaxCells));
  options.check_nodes = check_nodes;
  sudoku::PuzzleGenerator generator(options);
  std::string line;
  for (std::uint64_t k = 0; k < count; ++k) {
    line = sudoku::to_string(generator.make(first + k));
    line += '\n';
    if (std::fwrite(line.data(), 1, line.size(), stdout) != line.size()) {
      std::perror("sudoku-generate: write");
      return 1;
    }
  }
  return std::fflush(stdout) == 0 ? 0 : 1;
}
