// A command's messages on stderr, all in one form: "sudoku-bench CMD: [warning: |note: ]TEXT".
// Each is one write, since threads and child processes write to the same stream, and is wrapped
// to the width the stream shows (sys/terminal.h), continuation lines indented 2; to a pipe or a
// file it stays one line, for grep and for the tests that read it.
#pragma once

#include <cstdarg>
#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

namespace sudoku_bench {

// printf's text as a string: a message or a line is fitted whole, not as the pieces printf writes.
[[gnu::format(printf, 1, 2)]] std::string printed(const char* format, ...);
std::string vprinted(const char* format, std::va_list args);

enum class MessageKind {
  error,     // "sudoku-bench CMD: TEXT"
  warning,   // "sudoku-bench CMD: warning: TEXT"
  note,      // "sudoku-bench CMD: note: TEXT"
  progress,  // "CMD: TEXT": what a long command is doing, as it goes (ab's rounds)
  summary,   // "TEXT": lines a command reports on stderr as they are (hunt's summary)
};

// `text` as `kind` of `command`'s message, each of its lines wrapped to `width` (none: as they
// are), a puzzle's 81 symbols kept whole on a line of their own, ending in a line break. No command (a solver's own
// thread, which does not know it): "sudoku-bench: TEXT".
std::string message_text(std::string_view command, MessageKind kind, std::string_view text,
                         std::optional<std::size_t> width);

// The messages of one command to one stream.
class Messages {
 public:
  Messages(std::FILE* stream, std::string command) : stream_(stream), command_(std::move(command)) {}

  void say(MessageKind kind, std::string_view text) const;
  void error(const std::string& text) const { say(MessageKind::error, text); }
  void warning(const std::string& text) const { say(MessageKind::warning, text); }
  void note(const std::string& text) const { say(MessageKind::note, text); }
  void progress(const std::string& text) const { say(MessageKind::progress, text); }

  // printf-style: the same, from a format.
  [[gnu::format(printf, 2, 3)]] void errorf(const char* format, ...) const;
  [[gnu::format(printf, 2, 3)]] void warningf(const char* format, ...) const;
  [[gnu::format(printf, 2, 3)]] void notef(const char* format, ...) const;
  [[gnu::format(printf, 2, 3)]] void progressf(const char* format, ...) const;

  std::FILE* stream() const { return stream_; }
  const std::string& command() const { return command_; }

 private:
  std::FILE* stream_;
  std::string command_;
};

}  // namespace sudoku_bench
