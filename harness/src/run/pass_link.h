// What the measuring process tells its supervisor (run/supervisor.h), over a socket: the report's
// head once the run has started, each pass as it is measured, and how the measuring ended. Frames
// are a type byte, a 64-bit length and the text; a frame cut by the process's death is not read.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "report/report.h"

namespace sudoku_bench {

enum class LinkFrame : char {
  head = 'H',      // the report without its passes (its JSON, as CBOR)
  starting = 'S',  // the label of the pass about to be measured
  pass = 'P',      // ORDER "\n" the pass (report/pass_codec.h's bytes): ORDER its place in the command line's order
  end = 'E',       // measuring is over: "interrupted" or ""
  exiting = 'X',   // the process is exiting from somewhere it should not: what was running
  done = 'D',      // the command returned (its exit status follows): what comes after is a clean exit
  rows = 'R',      // the per-puzzle rows' temporary file holds this many bytes of whole passes
  answers = 'A',   // solve's output lines, as written (a frame may end inside a line)
  progress = 'G',  // ab's rounds and hunt's finds as they are measured (JSON, as CBOR)
};

// The measuring process's end. Sends whole frames, one at a time, from the process that made it
// alone; a supervisor gone is ignored (the measuring goes on, and nothing is written: as when the
// process is killed).
class PassLink {
 public:
  explicit PassLink(int fd) : fd_(fd), owner_(getpid()) {}
  void head(const Report& report);
  void starting(const std::string& label) { send(LinkFrame::starting, label); }
  void pass(std::size_t order, const MeasuredPass& pass);
  void end(bool interrupted) { send(LinkFrame::end, interrupted ? "interrupted" : ""); }
  void done(int status) { send(LinkFrame::done, std::to_string(status)); }
  void rows(std::uint64_t bytes) { send(LinkFrame::rows, std::to_string(bytes)); }
  void answers(const std::string& lines) { send(LinkFrame::answers, lines); }
  void progress(const nlohmann::ordered_json& json);
  // From an exit handler, on any thread: sent unless a frame is being sent now.
  void exiting(const std::string& what);

 private:
  void send(LinkFrame type, const std::string& text);
  void send_locked(LinkFrame type, const std::string& text);

  int fd_;
  const pid_t owner_;  // the process that made it: the only one that sends
  std::mutex mutex_;
};

// A stream whose buffers go to the parent as answers frames: standard output of a supervised
// command, which the parent alone writes (ab's verdict, hunt's puzzles). Fully buffered, 64 KiB.
std::FILE* open_answers(PassLink& link);

// The JSON of a head or a progress frame as sent (a pass is sent as report/pass_codec.h's bytes).
nlohmann::ordered_json from_binary(std::string_view bytes);

// The supervisor's end: frames as they come, whole.
class LinkReader {
 public:
  explicit LinkReader(int fd) : fd_(fd) {}
  // Reads what has come, waiting up to `wait_ms`; false once the other end is closed.
  bool read(int wait_ms);
  // The next whole frame read, if any.
  std::optional<std::pair<LinkFrame, std::string>> next();

 private:
  int fd_;
  std::string buffer_;
  std::size_t at_ = 0;  // the start of the first frame not yet taken
};

}  // namespace sudoku_bench
