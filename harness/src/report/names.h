// Names (datasets, solver specs) as tables and progress lines show them: a plugin's path can be
// wider than a terminal, and a table or a line wider than its terminal wraps into a mess.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku_bench {

// The widest a name is shown in a table's column; the report itself keeps it whole.
inline constexpr std::size_t kNameColumns = 18;

// The columns `text` takes on a terminal, counted as its UTF-8 code points (wide characters are
// rare in names and paths).
std::size_t text_columns(std::string_view text);

// `name` in at most `columns` columns: whole where it fits; else with its paths as their file
// names ("plugin:/a/b/libx.so" as "plugin:libx.so"), a readable name where the folders made it
// long; else that without the spec's kind (a plugin's library without "lib" and ".so"), its start
// and its end around "...", cut between code points. The end gets two thirds: a plugin's library and symbol, a solver's
// options and a progress line's threads and repetition are there.
std::string short_name(std::string_view name, std::size_t columns = kNameColumns);

// A name a table shows shortened, for the legend under it: the table keeps a row narrow, the
// legend says once what the short form stands for.
struct ShortenedName {
  std::string column;  // "solver", "dataset"
  std::string shown, full;
};
// Adds `name` of `column` to `legend` when short_name shortens it and it is not there yet.
void note_if_shortened(std::vector<ShortenedName>& legend, std::string_view column, const std::string& name);
// The legend as lines of text: "solver plugin:...ugin.so is plugin:/the/whole/path/libx.so".
std::string legend_lines(const std::vector<ShortenedName>& legend);

}  // namespace sudoku_bench
