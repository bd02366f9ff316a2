// A record that deserves a line on stderr: invalid, aborted, answered wrongly, or failing the
// check its file asked for. Kept as a value where it arises; the command renders it once (run/problems.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace sudoku_bench {

struct Problem {
  enum class Kind : std::uint8_t { invalid, aborted, check_failed, wrong };
  Kind kind = Kind::invalid;
  std::uint64_t line = 0;  // 1-based, in the input
  std::string reason;      // invalid, wrong: why; check_failed: the mismatch; aborted: empty
  // Aborted: how far the search got, and how long it took when the clock was read.
  std::uint64_t nodes = 0;
  std::uint64_t solutions = 0;
  std::optional<std::uint64_t> elapsed_ns;
};

}  // namespace sudoku_bench
