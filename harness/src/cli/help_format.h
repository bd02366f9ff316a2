// --help as people read it in a terminal: wrapped to its width (80 columns when not a terminal, or
// COLUMNS), options in groups by what they are for, each command with an example. CLI11's own
// formatter writes each description on one line, however long.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "sys/terminal.h"  // help_width, wrap

namespace CLI {
class App;
class Formatter;
}  // namespace CLI

namespace sudoku_bench {

std::shared_ptr<CLI::Formatter> wrapping_formatter();

// The names of the first "{a,b,c}" in `text`, as CLI11's IsMember writes its set (in a type name,
// "TEXT:{json,csv}", and in its refusal, "jsn not in {json,csv}"); none when there is no set.
std::vector<std::string> choices_in(const std::string& text);

// Puts each of the command's options in the group its name belongs to (what is measured, answers,
// outputs, the process), so that every command groups alike without each declaration naming a group.
void group_options(CLI::App& command);

}  // namespace sudoku_bench
