// Whether an exec: program is stuck waiting for input it has already read: a deadlock that no
// end of file or exit would ever reveal (two processes sharing its standard input, each holding
// part of a line; a program that waits for more lines before answering). Read from /proc on the
// ticks when nothing else happens, so it costs nothing while the program answers.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <optional>

namespace sudoku_bench::plugin {

class InputStarvation {
 public:
  // `group`: the program's process group; `input`: the inode of the socket its standard input is.
  InputStarvation(pid_t group, ino_t input) : group_(group), input_(input) {}

  // Called on an idle tick with every byte of the batch written to `input_fd` (this end): true
  // once, for a second, its input has all been read, none of its processes has run or used CPU,
  // and one of them waits in read() on that input.
  bool starved(int input_fd);
  // Something happened (an answer came, more was written): the second starts again.
  void reset() { since_.reset(); }

 private:
  // The group's CPU ticks, or none when one of its processes runs or none waits for the input.
  std::optional<std::uint64_t> idle_cpu() const;

  pid_t group_;
  ino_t input_;
  std::optional<std::chrono::steady_clock::time_point> since_;
  std::uint64_t cpu_ = 0;
};

}  // namespace sudoku_bench::plugin
