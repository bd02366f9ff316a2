#include "stream/input_format.h"

namespace sudoku_bench {

std::optional<InputFormat> input_format_named(std::string_view name) {
  for (const InputFormatName& f : kInputFormats)
    if (name == f.name) return f.format;
  return std::nullopt;
}

const char* name_of(InputFormat format) {
  for (const InputFormatName& f : kInputFormats)
    if (f.format == format) return f.name;
  return "?";
}

}  // namespace sudoku_bench
