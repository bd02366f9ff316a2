#include "stream/record_parser.h"

#include "stream/record_format.h"

namespace sudoku_bench {
namespace {

// Parses the puzzle `text`; `cut` bytes the reader dropped from the line still count towards its
// length. True when `grid` is a puzzle of a size in `supported` (by box), else false with `why`.
bool parse_for(const sudoku::SolverFactory& factory, const std::array<bool, sudoku::kMaxBox + 1>& supported,
               std::string_view text, std::uint64_t cut, bool numbers, sudoku::Grid& grid, std::string& why) {
  sudoku::ParseResult parsed = numbers ? sudoku::parse_numbers(text, grid) : sudoku::parse_record(text, grid);
  if (cut > 0) {
    // The kept prefix may look fine; the whole line cannot be a record.
    parsed.length = text.size() + cut;
    if (parsed.status == sudoku::ParseStatus::ok) parsed.status = sudoku::ParseStatus::wrong_length;
  }
  if (!parsed) {
    why = sudoku::describe(parsed);
    return false;
  }
  if (!supported[static_cast<std::size_t>(grid.box)]) {
    const std::string side = std::to_string(grid.side());
    why = "solver '" + factory.name() + "' does not solve " + side + "x" + side + " grids";
    return false;
  }
  return true;
}

// Which sizes (by box) the factory's solvers take: asked once, not a virtual call per record.
std::array<bool, sudoku::kMaxBox + 1> supported_boxes(const sudoku::SolverFactory& factory) {
  std::array<bool, sudoku::kMaxBox + 1> supported{};
  for (int box = sudoku::kMinBox; box <= sudoku::kMaxBox; ++box)
    supported[static_cast<std::size_t>(box)] = factory.supports(box);
  return supported;
}

}  // namespace

RecordParser::RecordParser(const sudoku::SolverFactory& factory, bool as_given)
    : factory_(factory), supported_(supported_boxes(factory)), as_given_(as_given) {}

bool RecordParser::parse(const Chunk& chunk, const Record& record, std::string& why) {
  expected_.clear();
  if (!format_ || chunk.format != format_of_) {  // a lookup per record costs more than its parse's checks
    format_ = &record_format(chunk.format);
    format_of_ = chunk.format;
    common_ = as_given_ && !format_->splits_fields && !format_->numbers;
  }
  if (!format_->splits_fields && !format_->numbers && parse_common(chunk, record)) [[likely]]
    return true;
  return parse_in_full(chunk, record, why);  // anything else, and why a record is not a puzzle
}

bool RecordParser::parse_in_full(const Chunk& chunk, const Record& record, std::string& why) {
  const RecordFormat& format = *format_;
  const RecordFields fields = format.fields(chunk.text_of(record));
  text_ = fields.puzzle;
  if (fields.has_count) {
    // A malformed expectation makes the record invalid, not a failed check.
    if (why = expected_.parse(fields.count, fields.solution, fields.has_solution); !why.empty()) return false;
  }
  if (record.malformed >= 0) {
    why = chunk.malformed[static_cast<std::size_t>(record.malformed)];
    return false;
  }
  const std::uint64_t cut = record.full_length - record.length;
  if (cut > 0 && !format.parses_cut_lines) {
    why = "line of " + std::to_string(record.full_length) + " bytes is too long for a record";
    return false;
  }
  // A solver that takes the record's own text takes symbols, not numbers.
  text_is_symbols_ = !format.numbers;
  if (parse_for(factory_, supported_, fields.puzzle, cut, format.numbers, puzzle_, why)) return true;
  why += format.where(fields.puzzle);
  return false;
}

}  // namespace sudoku_bench
