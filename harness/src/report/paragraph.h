// Text as a terminal shows it: the width output is wrapped to, and prose wrapped to it, for --help
// and for the paragraphs a command writes under its tables.
#pragma once

#include <cstddef>
#include <string>

namespace sudoku_bench {

// The width text is wrapped to: COLUMNS when set to a number, else the terminal's, else 80.
std::size_t help_width();

// `text` wrapped to `width` columns, every line after the first indented by `indent` spaces (the
// first by `first`); a single line break in `text` is a space, a blank line starts a paragraph.
std::string wrap(const std::string& text, std::size_t width, std::size_t first, std::size_t indent);

}  // namespace sudoku_bench
