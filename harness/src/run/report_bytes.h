// A report's bytes, read so that no input can hold a command or swamp its memory: only a regular
// file or standard input, never more than kReportBytesLimit (decompressed too), and every wait cut
// short by SIGINT or SIGTERM. Reports are a few kilobytes per pass, so the limit only stops input
// that is no report (`yes |`, a device, a runaway pipe) before it takes the machine's memory.
#pragma once

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace sudoku_bench {

inline constexpr std::uint64_t kReportBytesLimit = std::uint64_t{1} << 30;  // 1 GiB

// Reading stopped because `stop` was set (a signal came). what() is the file's name.
class ReadStopped : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The text of the report at `path` ("-": standard input), gunzipped when it is gzip data (told by
// its first bytes). A FIFO, device or socket is refused without being opened for reading (its open
// could wait for ever). Reading stops early when the first byte cannot begin a report: the parser
// then names what it found. Throws IoError (cannot open, not a regular file, read error, damaged
// gzip, over the limit) or ReadStopped.
std::vector<char> read_report_bytes(const std::string& path, const std::atomic<bool>* stop);

}  // namespace sudoku_bench
