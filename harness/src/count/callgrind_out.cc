#include "count/callgrind_out.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <sstream>

namespace sudoku_bench {
namespace {

// The first number after `key` at the start of a line of `text`; none when no line starts so.
std::optional<std::uint64_t> first_number(std::string_view text, std::string_view key, bool& malformed) {
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    if (!line.starts_with(key)) continue;
    std::string_view rest = line.substr(key.size());
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    std::uint64_t value = 0;
    const auto [stop, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), value);
    // Several events follow Ir when more were asked for: the first is Ir.
    if (ec != std::errc() || (stop != rest.data() + rest.size() && *stop != ' ' && *stop != '\r')) {
      malformed = true;
      return std::nullopt;
    }
    return value;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::uint64_t> callgrind_total(std::string_view text, std::string& why) {
  if (!text.starts_with("# callgrind format") && text.find("\nevents:") == std::string_view::npos &&
      !text.starts_with("events:")) {
    why = "is not a callgrind out file (no \"events:\" line)";
    return std::nullopt;
  }
  bool malformed = false;
  for (const std::string_view key : {"totals:", "summary:"}) {
    if (auto value = first_number(text, key, malformed)) return value;
    if (malformed) {
      why = "holds a malformed \"" + std::string(key) + "\" line";
      return std::nullopt;
    }
  }
  why = "holds no \"totals:\" or \"summary:\" line";
  return std::nullopt;
}

std::optional<std::uint64_t> callgrind_file_total(const std::string& path, std::string& why) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    why = path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  auto total = callgrind_total(text.str(), why);
  if (!total) why = path + " " + why;
  return total;
}

}  // namespace sudoku_bench
