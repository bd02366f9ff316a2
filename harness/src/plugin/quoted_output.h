// A solver's own text (an exec: program's answer line, a plugin's exception message) as a fault
// message quotes it: a NUL would cut the message where stderr prints it, and an escape byte would
// reach the terminal as a command, so both lose the record the message names.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace sudoku_bench::plugin {

// The most of a solver's text a message quotes: more than a 9x9 answer, and the record after it
// still fits a screen.
inline constexpr std::size_t kQuotedBytes = 200;

// `text` between single quotes, its first kQuotedBytes bytes only (then "... (N bytes)"), with
// control bytes, DEL, bytes above 0x7F and the backslash escaped as C writes them (\0, \t, \x1b,
// \\): what is shown is printable ASCII whatever the solver wrote.
std::string quoted_output(std::string_view text);
// The same without the quotes, for text that stands as the solver's own words (an exception's).
std::string escaped_output(std::string_view text);

}  // namespace sudoku_bench::plugin
