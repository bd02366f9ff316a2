#include "sys/message.h"

#include <algorithm>
#include <cstdarg>
#include <vector>

#include "sys/terminal.h"

namespace sudoku_bench {
namespace {

// A puzzle's 81 symbols, as a record holds them.
bool is_record(std::string_view word) {
  return word.size() == 81 && word.find_first_not_of("0123456789.") == std::string_view::npos;
}

// One line of a message fitted to `width`. A puzzle in a line too long for it goes on a line of its
// own, whole, 81 columns if need be: it is data to copy, not prose to break; the words after it go
// on the next line, indented 2.
std::string fit_line(std::string_view line, std::size_t width) {
  if (line.size() > width)
    for (std::size_t at = 0; at + 81 <= line.size();) {
      const std::size_t end = std::min(line.find(' ', at), line.size());
      if (is_record(line.substr(at, end - at))) {
        std::string fitted = at > 0 ? fit_lines(std::string(line.substr(0, at - 1)), width) + "\n" : "";
        fitted += line.substr(at, end - at);
        if (end < line.size()) fitted += "\n" + fit_line("  " + std::string(line.substr(end + 1)), width);
        return fitted;
      }
      at = end + 1;
    }
  return fit_lines(std::string(line), width);
}

}  // namespace

std::string message_text(std::string_view command, MessageKind kind, std::string_view text,
                         std::optional<std::size_t> width) {
  std::string line;
  if (kind == MessageKind::error || kind == MessageKind::warning || kind == MessageKind::note)
    line = command.empty() ? "sudoku-bench: " : "sudoku-bench ";
  if (!command.empty() && kind != MessageKind::summary) line += std::string(command) + ": ";
  if (kind == MessageKind::warning) line += "warning: ";
  if (kind == MessageKind::note) line += "note: ";
  line += text;
  if (!line.empty() && line.back() == '\n') line.pop_back();
  if (!width) return line + '\n';
  std::string fitted;
  for (std::size_t at = 0; at <= line.size();) {
    const std::size_t end = std::min(line.find('\n', at), line.size());
    fitted += fit_line(std::string_view(line).substr(at, end - at), *width) + '\n';
    at = end + 1;
  }
  return fitted;
}

std::string vprinted(const char* format, std::va_list args) {
  std::va_list copy;
  va_copy(copy, args);
  const int size = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  if (size <= 0) return {};
  std::vector<char> buffer(static_cast<std::size_t>(size) + 1);
  std::vsnprintf(buffer.data(), buffer.size(), format, args);
  return {buffer.data(), static_cast<std::size_t>(size)};
}

std::string printed(const char* format, ...) {
  std::va_list args;
  va_start(args, format);
  std::string text = vprinted(format, args);
  va_end(args);
  return text;
}

void Messages::say(MessageKind kind, std::string_view text) const {
  const std::string message = message_text(command_, kind, text, output_width(stream_));
  // One write: a line another thread writes meanwhile goes before or after it, not into it.
  std::fwrite(message.data(), 1, message.size(), stream_);
  std::fflush(stream_);
}

// The printf-like sayers differ only in their kind, and `...` cannot be handed on to a function.
#define SUDOKU_BENCH_SAYF(NAME, KIND)                  \
  void Messages::NAME(const char* format, ...) const { \
    std::va_list args;                                 \
    va_start(args, format);                            \
    say(MessageKind::KIND, vprinted(format, args));    \
    va_end(args);                                      \
  }
SUDOKU_BENCH_SAYF(errorf, error)
SUDOKU_BENCH_SAYF(warningf, warning)
SUDOKU_BENCH_SAYF(notef, note)
SUDOKU_BENCH_SAYF(progressf, progress)
#undef SUDOKU_BENCH_SAYF

}  // namespace sudoku_bench
