// The error every room throws for a file it cannot read or write, on the ground floor so that a
// command catches it without including the input stream.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace sudoku_bench {

// An input or output problem. what() is "FILE: reason", or "FILE:LINE: reason" when the problem
// was met at a line, the form compilers use.
class IoError : public std::runtime_error {
 public:
  IoError(std::string file, std::string reason, std::uint64_t line = 0)
      : std::runtime_error(file + (line ? ":" + std::to_string(line) : std::string()) + ": " + reason),
        file_(std::move(file)),
        reason_(std::move(reason)) {}
  const std::string& file() const { return file_; }
  const std::string& reason() const { return reason_; }

 private:
  std::string file_, reason_;
};

}  // namespace sudoku_bench
