#include "sudoku/symmetry.h"

#include <utility>

namespace sudoku {
namespace {

// splitmix64: small, fast and well mixed; plenty for choosing permutations.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  template <typename T, std::size_t N>
  void shuffle(std::array<T, N>& a, int n) {
    for (int i = n - 1; i > 0; --i) std::swap(a[i], a[next() % static_cast<std::uint64_t>(i + 1)]);
  }

 private:
  std::uint64_t state_;
};

// Rows (or columns) permuted within each band, and the bands permuted.
std::array<std::uint8_t, kMaxSide> line_permutation(int box, Random& random) {
  std::array<std::uint8_t, kMaxBox> bands{};
  for (int i = 0; i < box; ++i) bands[i] = static_cast<std::uint8_t>(i);
  random.shuffle(bands, box);
  std::array<std::uint8_t, kMaxSide> lines{};
  for (int b = 0; b < box; ++b) {
    std::array<std::uint8_t, kMaxBox> within{};
    for (int i = 0; i < box; ++i) within[i] = static_cast<std::uint8_t>(i);
    random.shuffle(within, box);
    for (int i = 0; i < box; ++i) lines[b * box + i] = static_cast<std::uint8_t>(bands[b] * box + within[i]);
  }
  return lines;
}

}  // namespace

Symmetry random_symmetry(int box, std::uint64_t seed) {
  Random random(seed);
  Symmetry s;
  s.box = box;
  const int side = box * box;
  std::array<std::uint8_t, kMaxSide> digits{};
  for (int i = 0; i < side; ++i) digits[i] = static_cast<std::uint8_t>(i + 1);
  random.shuffle(digits, side);
  for (int d = 1; d <= side; ++d) s.digit[d] = digits[d - 1];
  s.row = line_permutation(box, random);
  s.col = line_permutation(box, random);
  s.transpose = random.next() & 1;
  return s;
}

std::uint64_t puzzle_seed(std::uint64_t seed, const Grid& puzzle) {
  std::uint64_t h = 0xCBF29CE484222325ull ^ seed;  // FNV-1a over the cells, keyed by the seed
  for (int i = 0; i < puzzle.cell_count(); ++i) h = (h ^ puzzle.cells[i]) * 0x100000001B3ull;
  return Random(h).next();
}

Grid apply(const Symmetry& s, const Grid& grid) {
  Grid out;
  out.box = grid.box;
  const int n = grid.side();
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int to = s.transpose ? c * n + r : r * n + c;
      out.cells[to] = s.digit[grid.cells[s.row[r] * n + s.col[c]]];
    }
  return out;
}

Grid undo(const Symmetry& s, const Grid& grid) {
  std::array<std::uint8_t, kMaxSide + 1> old_digit{};
  for (int d = 0; d <= grid.side(); ++d) old_digit[s.digit[d]] = static_cast<std::uint8_t>(d);
  Grid out;
  out.box = grid.box;
  const int n = grid.side();
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int from = s.transpose ? c * n + r : r * n + c;
      out.cells[s.row[r] * n + s.col[c]] = old_digit[grid.cells[from]];
    }
  return out;
}

}  // namespace sudoku
