// Text as a terminal shows it: the width output is wrapped to, and prose wrapped to it, for --help,
// messages, and the tables and paragraphs a command writes.
#pragma once

#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>

namespace sudoku_bench {

// The width --help is wrapped to: COLUMNS when set to a number, else the terminal's, else 80.
std::size_t help_width();

// The width a command's output to `stream` is fitted to: COLUMNS when set to a number, else the
// terminal's when `stream` is one; none for a pipe or a file, so that a script reads one row, one
// message, a line, as before.
std::optional<std::size_t> output_width(std::FILE* stream);

// `text` wrapped to `width` columns, every line after the first indented by `indent` spaces (the
// first by `first`); a single line break in `text` is a space, a blank line starts a paragraph.
std::string wrap(const std::string& text, std::size_t width, std::size_t first, std::size_t indent);

// Each line of `lines` longer than `width` wrapped, its continuation indented two more than the
// line's own indent; shorter lines as they are. No width: `lines` as they are.
std::string fit_lines(const std::string& lines, std::optional<std::size_t> width);

// fit_lines to what `stream` shows, written there.
void print_fitted(std::FILE* stream, const std::string& lines);

// A paragraph (a rule under a table) written to `stream`: wrapped flush left to what it shows, a
// single line break a space; as it is where the stream has no width (a pipe, a file).
void print_paragraph(std::FILE* stream, const std::string& text);

}  // namespace sudoku_bench
