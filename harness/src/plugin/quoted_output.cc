#include "plugin/quoted_output.h"

namespace sudoku_bench::plugin {
namespace {

void append_escaped(std::string& out, unsigned char c) {
  static constexpr char kHex[] = "0123456789abcdef";
  switch (c) {
    case '\0':
      out += "\\0";
      return;
    case '\t':
      out += "\\t";
      return;
    case '\n':
      out += "\\n";
      return;
    case '\r':
      out += "\\r";
      return;
    case '\\':
      out += "\\\\";
      return;
    default:
      break;
  }
  if (c >= 0x20 && c < 0x7F) {
    out += static_cast<char>(c);
    return;
  }
  out += "\\x";
  out += kHex[c >> 4];
  out += kHex[c & 0xF];
}

std::string shown(std::string_view text, const char* quote) {
  std::string out = quote;
  for (std::size_t i = 0; i < text.size() && i < kQuotedBytes; ++i)
    append_escaped(out, static_cast<unsigned char>(text[i]));
  out += quote;
  if (text.size() > kQuotedBytes) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

}  // namespace

std::string quoted_output(std::string_view text) { return shown(text, "'"); }

std::string escaped_output(std::string_view text) { return shown(text, ""); }

}  // namespace sudoku_bench::plugin
