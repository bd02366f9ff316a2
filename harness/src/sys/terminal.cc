#include "sys/terminal.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <string_view>

namespace sudoku_bench {
namespace {

bool is_space(char c) { return c == ' ' || c == '\n'; }

// Whether `next` stays on `word`'s line: a figure and its unit ("270 us"), and "±" with the figures
// either side, read as one; broken apart, a line starts with "us" or ends with "±".
bool glued(const std::string& word, const std::string& next) {
  static constexpr std::string_view kUnits[] = {"ns", "us", "ms", "s", "%"};
  const bool figure = !word.empty() && word.back() >= '0' && word.back() <= '9';
  const std::string_view unit = std::string_view(next).substr(0, next.find_last_not_of(",;:.)") + 1);
  return (figure && std::find(std::begin(kUnits), std::end(kUnits), unit) != std::end(kUnits)) ||
         (figure && next == "\u00b1") || word.ends_with("\u00b1");
}

std::optional<std::size_t> columns_variable() {
  if (const char* columns = std::getenv("COLUMNS")) {
    char* end = nullptr;
    const long n = std::strtol(columns, &end, 10);
    if (end != columns && *end == '\0' && n >= 40 && n <= 1000) return static_cast<std::size_t>(n);
  }
  return std::nullopt;
}

std::optional<std::size_t> terminal_columns(int fd) {
  winsize size{};
  if (isatty(fd) && ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col >= 40) return size.ws_col;
  return std::nullopt;
}

}  // namespace

std::size_t help_width() {
  if (const auto n = columns_variable()) return *n;
  return terminal_columns(STDOUT_FILENO).value_or(80);
}

std::optional<std::size_t> output_width(std::FILE* stream) {
  if (const auto n = columns_variable()) return n;
  return stream ? terminal_columns(fileno(stream)) : std::nullopt;
}

std::string fit_lines(const std::string& lines, std::optional<std::size_t> width) {
  if (!width) return lines;
  std::string out;
  std::size_t at = 0;
  while (at < lines.size()) {
    const std::size_t newline = lines.find('\n', at);
    const std::size_t end = std::min(newline, lines.size());
    const std::string line = lines.substr(at, end - at);
    at = end + 1;
    const std::size_t indent = std::min(line.find_first_not_of(' '), line.size());
    out += line.size() <= *width ? line : wrap(line.substr(indent), *width, indent, indent + 2);
    if (newline != std::string::npos) out += '\n';
  }
  return out;
}

void print_fitted(std::FILE* stream, const std::string& lines) {
  const std::string text = fit_lines(lines, output_width(stream));
  std::fwrite(text.data(), 1, text.size(), stream);
}

void print_paragraph(std::FILE* stream, const std::string& text) {
  const auto width = output_width(stream);
  const bool ends_line = !text.empty() && text.back() == '\n';
  const std::string shown = width ? wrap(text, *width, 0, 0) + (ends_line ? "\n" : "") : text;
  std::fwrite(shown.data(), 1, shown.size(), stream);
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
    // Words one space apart that read as one go on one line (glued).
    while (i + 1 < text.size() && text[i] == ' ' && !is_space(text[i + 1])) {
      std::size_t next_end = i + 1;
      while (next_end < text.size() && !is_space(text[next_end])) ++next_end;
      const std::string next = text.substr(i + 1, next_end - i - 1);
      if (!glued(word, next)) break;
      word += " " + next;
      i = next_end;
    }
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
