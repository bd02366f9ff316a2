// Shell completions for bash, zsh and fish, written from the commands' option declarations (the
// same CLI11 apps --help reads), so that a new option completes without anyone writing it twice.
// `sudoku-bench completions SHELL` prints one; the build writes all three and `cmake --install`
// puts them where each shell looks (cmake/install.cmake).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace sudoku_bench {

inline constexpr std::string_view kCompletionShells[] = {"bash", "zsh", "fish"};

// The script for `shell` (one of kCompletionShells); `solvers` are what --solver completes to.
std::string completion_script(const CLI::App& app, std::string_view shell, const std::vector<std::string>& solvers);

}  // namespace sudoku_bench
