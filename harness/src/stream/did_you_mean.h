// "Did you mean": the known name nearest to a mistyped one, for the messages that refuse a command,
// an option, a solver or a choice. Here, below the command line, because solver specs are judged in
// stream/ as well.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sudoku_bench {

// The edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `given` when it is near enough to be a slip (at most a third of its
// length, and 2 at most); "" when none is. Ties go to the first candidate, so callers list the
// common names first.
std::string nearest_name(std::string_view given, const std::vector<std::string>& candidates);

// " (did you mean 'NAME'?)" for the nearest candidate, or "" when none is near.
std::string did_you_mean(std::string_view given, const std::vector<std::string>& candidates);

}  // namespace sudoku_bench
