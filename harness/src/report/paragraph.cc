#include "report/paragraph.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>

namespace sudoku_bench {
namespace {

bool is_space(char c) { return c == ' ' || c == '\n'; }

}  // namespace

std::size_t help_width() {
  if (const char* columns = std::getenv("COLUMNS")) {
    char* end = nullptr;
    const long n = std::strtol(columns, &end, 10);
    if (end != columns && *end == '\0' && n >= 40 && n <= 1000) return static_cast<std::size_t>(n);
  }
  winsize size{};
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col >= 40) return size.ws_col;
  return 80;
}

std::string wrap(const std::string& text, std::size_t width, std::size_t first, std::size_t indent) {
  std::string out(first, ' ');
  std::size_t column = first;
  bool line_empty = true;
  for (std::size_t i = 0; i < text.size();) {
    if (text.compare(i, 2, "\n\n") == 0) {  // a paragraph
      out += "\n\n" + std::string(indent, ' ');
      column = indent;
      line_empty = true;
      i = text.find_first_not_of('\n', i);
      if (i == std::string::npos) break;
      continue;
    }
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !is_space(text[end])) ++end;
    std::string word = text.substr(i, end - i);
    i = end;
    for (;;) {
      const std::size_t need = word.size() + (line_empty ? 0 : 1);
      if (column + need <= width) {
        out += (line_empty ? "" : " ") + word;
        column += need;
        line_empty = false;
        break;
      }
      if (!line_empty) {
        out += "\n" + std::string(indent, ' ');
        column = indent;
        line_empty = true;
        continue;
      }
      // A word longer than a line (a path) is cut where the line ends.
      const std::size_t room = width > column ? width - column : 1;
      out += word.substr(0, room) + "\n" + std::string(indent, ' ');
      word = word.substr(room);
      column = indent;
    }
  }
  return out;
}

}  // namespace sudoku_bench
