#include "stream/record_format.h"

#include "stream/formats/formats.h"

namespace sudoku_bench {
namespace {

// A record per content line: empty lines and # comments are skipped, and a header before the
// first record.
class LineRecords final : public LineAssembler {
 public:
  explicit LineRecords(const RecordFormat& format) : format_(format) {}

  void add(Chunk& chunk, std::string_view line, std::uint64_t number, std::uint64_t full_length) override {
    if (line.empty() || line.front() == '#') return;
    if (!content_seen_) {
      content_seen_ = true;
      if (format_.is_header(line)) return;
    }
    chunk.records.push_back(Record{static_cast<std::uint32_t>(chunk.text.size()),
                                   static_cast<std::uint32_t>(line.size()), number, full_length, -1});
    chunk.text.append(line);
  }

 private:
  const RecordFormat& format_;
  bool content_seen_ = false;
};

}  // namespace

std::unique_ptr<LineAssembler> RecordFormat::assembler() const { return std::make_unique<LineRecords>(*this); }

const RecordFormat& record_format(InputFormat format) {
  switch (format) {
    case InputFormat::csv:
      return formats::csv();
    case InputFormat::checks:
      return formats::checks();
    case InputFormat::numbers:
      return formats::numbers();
    case InputFormat::grid:
      return formats::grid();
    case InputFormat::automatic:  // decided before any record is made
    case InputFormat::lines:
      break;
  }
  return formats::lines();
}

InputFormat detect_format(std::string_view line) {
  // numbers before csv, which also has commas; lines (by length) before grid, so that a bare
  // 16-symbol line is a 4x4 record, not a row of a 16x16 grid (force --input-format grid for those).
  for (const InputFormat format :
       {InputFormat::numbers, InputFormat::csv, InputFormat::checks, InputFormat::lines, InputFormat::grid})
    if (record_format(format).detects(line)) return format;
  return InputFormat::lines;
}

}  // namespace sudoku_bench
