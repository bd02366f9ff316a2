// --help as people read it in a terminal: wrapped to its width (80 columns when not a terminal, or
// COLUMNS), options in groups by what they are for, each command with an example. CLI11's own
// formatter writes each description on one line, however long.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

namespace sudoku_bench {

// The width help is wrapped to: COLUMNS when set to a number, else the terminal's, else 80.
std::size_t help_width();

// `text` wrapped to `width` columns, every line after the first indented by `indent` spaces (the
// first by `first`); a single line break in `text` is a space, a blank line starts a paragraph.
std::string wrap(const std::string& text, std::size_t width, std::size_t first, std::size_t indent);

std::shared_ptr<CLI::Formatter> wrapping_formatter();

// The names of the first "{a,b,c}" in `text`, as CLI11's IsMember writes its set (in a type name,
// "TEXT:{json,csv}", and in its refusal, "jsn not in {json,csv}"); none when there is no set.
std::vector<std::string> choices_in(const std::string& text);

// Puts each of the command's options in the group its name belongs to (what is measured, answers,
// outputs, the process), so that every command groups alike without each declaration naming a group.
void group_options(CLI::App& command);

}  // namespace sudoku_bench
