// Reading what callgrind wrote (--callgrind-out-file): the instructions it counted.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sudoku_bench {

// The total of the first event (Ir: instructions executed) in the text of a callgrind out file: its
// "totals:" line, else its "summary:" line (a file whose dump was cut short may lack the first).
// None when neither is there or the number is malformed, with `why`.
std::optional<std::uint64_t> callgrind_total(std::string_view text, std::string& why);

// The same, of the file at `path`; a file that cannot be read is said in `why`.
std::optional<std::uint64_t> callgrind_file_total(const std::string& path, std::string& why);

}  // namespace sudoku_bench
