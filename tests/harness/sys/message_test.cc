// A command's messages: the prefix and kind written once, wrapped to a width only when there is one.
#include "sys/message.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "temp_file.h"

using sudoku_bench::message_text;
using sudoku_bench::MessageKind;

namespace {

// COLUMNS as a test sets it, put back as it was afterwards.
class Columns {
 public:
  explicit Columns(const char* value) {
    if (const char* old = std::getenv("COLUMNS")) old_ = old;
    if (value)
      setenv("COLUMNS", value, 1);
    else
      unsetenv("COLUMNS");
  }
  ~Columns() {
    if (old_)
      setenv("COLUMNS", old_->c_str(), 1);
    else
      unsetenv("COLUMNS");
  }
  Columns(const Columns&) = delete;
  Columns& operator=(const Columns&) = delete;

 private:
  std::optional<std::string> old_;
};

std::size_t longest_line(const std::string& text) {
  std::size_t longest = 0, at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    longest = std::max(longest, (end == std::string::npos ? text.size() : end) - at);
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return longest;
}

}  // namespace

TEST(MessageTest, EachKindHasItsPrefix) {
  EXPECT_EQ(message_text("run", MessageKind::error, "no input", std::nullopt), "sudoku-bench run: no input\n");
  EXPECT_EQ(message_text("run", MessageKind::warning, "noisy", std::nullopt), "sudoku-bench run: warning: noisy\n");
  EXPECT_EQ(message_text("compare", MessageKind::note, "same run", std::nullopt),
            "sudoku-bench compare: note: same run\n");
  EXPECT_EQ(message_text("ab", MessageKind::progress, "round 1/10", std::nullopt), "ab: round 1/10\n");
  EXPECT_EQ(message_text("hunt", MessageKind::summary, "hunt done: 50\ntime 0.1 s\n", std::nullopt),
            "hunt done: 50\ntime 0.1 s\n");
  // A solver's thread that knows no command.
  EXPECT_EQ(message_text("", MessageKind::error, "slow", std::nullopt), "sudoku-bench: slow\n");
  // A text that ends its own line keeps one line break.
  EXPECT_EQ(message_text("run", MessageKind::error, "done\n", std::nullopt), "sudoku-bench run: done\n");
}

TEST(MessageTest, WithoutAWidthALongMessageStaysOneLine) {
  const std::string text(300, 'x');
  const std::string words =
      "the 1-minute load average was 1.17 at start, above 0.5 per CPU of the 2 CPUs (0-1) "
      "this process may run on: other work competes for them";
  EXPECT_EQ(message_text("run", MessageKind::warning, words, std::nullopt),
            "sudoku-bench run: warning: " + words + "\n");
}

TEST(MessageTest, AWidthWrapsWithContinuationLinesIndentedTwo) {
  const std::string words =
      "the 1-minute load average was 1.17 at start, above 0.5 per CPU of the 2 CPUs (0-1) "
      "this process may run on: other work competes for them";
  const std::string m = message_text("run", MessageKind::warning, words, 40);
  EXPECT_LE(longest_line(m), 40u) << m;
  EXPECT_EQ(m.rfind("sudoku-bench run: warning: the", 0), 0u) << m;
  EXPECT_NE(m.find("\n  "), std::string::npos) << m;
  EXPECT_EQ(m.back(), '\n');
  // Nothing lost: each break is where a space was.
  std::string joined = m.substr(0, m.size() - 1);
  for (std::size_t at; (at = joined.find("\n  ")) != std::string::npos;) joined.replace(at, 3, " ");
  EXPECT_EQ(joined, "sudoku-bench run: warning: " + words);
  // A message that fits is one line.
  EXPECT_EQ(message_text("run", MessageKind::note, "short", 40), "sudoku-bench run: note: short\n");
}

TEST(MessageTest, EachLineOfAMessageIsWrappedByItself) {
  const std::string m = message_text("compare", MessageKind::error,
                                     "results from different contexts:\n  cpu model: one very long model name "
                                     "that does not fit in the width given here",
                                     40);
  EXPECT_EQ(m.rfind("sudoku-bench compare: results from\n  different contexts:\n  cpu model:", 0), 0u) << m;
  EXPECT_LE(longest_line(m), 40u) << m;
}

TEST(MessageTest, MessagesWriteToTheirStreamWithItsWidth) {
  const std::string words(30, 'w');
  {
    Columns unset(nullptr);
    test_util::Capture err;  // a file: no width
    const sudoku_bench::Messages say(err.file(), "hunt");
    say.errorf("%s %s %s", words.c_str(), words.c_str(), words.c_str());
    say.warning("w");
    say.notef("n %d", 3);
    say.progressf("p %s", "q");
    EXPECT_EQ(err.text(), "sudoku-bench hunt: " + words + " " + words + " " + words +
                              "\nsudoku-bench hunt: warning: w\nsudoku-bench hunt: note: n 3\nhunt: p q\n");
  }
  {
    Columns forty("40");  // COLUMNS holds for a file too
    test_util::Capture err;
    sudoku_bench::Messages(err.file(), "hunt").errorf("%s %s %s", words.c_str(), words.c_str(), words.c_str());
    EXPECT_EQ(err.text(), "sudoku-bench hunt:\n  " + words + "\n  " + words + "\n  " + words + "\n");
  }
}

TEST(MessageTest, APuzzleIsKeptWholeOnALineOfItsOwn) {
  const std::string puzzle = "987654321" + std::string(72, '.');
  const std::string m = message_text(
      "", MessageKind::error, "plugin:x.so has been solving " + puzzle + " for 12 s (SIGINT or SIGTERM stops it)", 40);
  EXPECT_EQ(m,
            "sudoku-bench: plugin:x.so has been\n  solving\n" + puzzle + "\n  for 12 s (SIGINT or SIGTERM stops it)\n");
  // Where it fits, the line is as it was.
  EXPECT_EQ(message_text("", MessageKind::error, "solving " + puzzle, 120), "sudoku-bench: solving " + puzzle + "\n");
}
