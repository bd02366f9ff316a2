// Names (datasets, solver specs) as tables and progress lines show them: a plugin's path can be
// wider than a terminal, and a table or a line wider than its terminal wraps into a mess.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace sudoku_bench {

// The widest a name is shown in a table's column; the report itself keeps it whole.
inline constexpr std::size_t kNameColumns = 24;

// The columns `text` takes on a terminal, counted as its UTF-8 code points (wide characters are
// rare in names and paths).
std::size_t text_columns(std::string_view text);

// `name` in at most `columns` columns: whole where it fits, else its start and its end around
// "...", cut between code points. The end gets two thirds: a plugin's library and symbol, a
// solver's options and a progress line's threads and repetition are there.
std::string short_name(std::string_view name, std::size_t columns = kNameColumns);

}  // namespace sudoku_bench
