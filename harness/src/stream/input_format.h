// The layouts an input file may have, by name. What each one means is its module's (record_format.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sudoku_bench {

enum class InputFormat {
  automatic,  // decided from the first line that is not empty or a # comment
  lines,      // one record per line: 16, 81, 256, 625, 1296 or 2401 symbols
  grid,       // N lines of N symbols, with optional '|', '-', '+' and spaces; grids separated by
              // blank lines or lines of '=' or '-'
  csv,        // puzzle,solution per line (a header line is skipped); the solution is checked
  checks,     // puzzle:count[:solution] per line, as `solve` prints them; both are checked
  numbers,    // side*side decimal numbers per line (0 a blank), separated by commas or spaces
};

// Every format, in the order --input-format lists them: the one list its names, help and check come from.
struct InputFormatName {
  InputFormat format;
  const char* name;
  const char* layout;  // what its lines hold, for --help; "" where the name says it
};
inline constexpr InputFormatName kInputFormats[] = {
    {InputFormat::automatic, "auto", ""},
    {InputFormat::lines, "lines", ""},
    {InputFormat::grid, "grid", ""},
    {InputFormat::csv, "csv", "puzzle,solution"},
    {InputFormat::checks, "checks", "puzzle:count[:solution]"},
    {InputFormat::numbers, "numbers", "side*side numbers separated by commas or spaces, 0 a blank"},
};
std::optional<InputFormat> input_format_named(std::string_view name);
const char* name_of(InputFormat format);

}  // namespace sudoku_bench
