// Arbitrary bytes as a record and as a whole input file: no crash, the parse agrees with the
// byte-at-a-time reference, and what parses round-trips.
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "solver/parse_reference.h"
#include "stream/chunk_reader.h"
#include "sudoku/parse.h"

namespace {

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "invariant broken: %s\n", what);
    std::abort();
  }
}

void fuzz_record(std::string_view bytes) {
  sudoku::Grid grid;
  const sudoku::ParseResult r = sudoku::parse_record(bytes, grid);
  check(!sudoku::describe(r).empty(), "every result has a description");
  check(r.length == bytes.size(), "length is the record's");
  sudoku::Grid reference;
  const sudoku::ParseResult want = parse_reference::parse(bytes, reference);
  check(r.status == want.status && r.column == want.column && r.byte == want.byte && r.length == want.length,
        "the result is the reference's");
  check(!r || (grid.box == reference.box &&
               std::equal(grid.cells.begin(), grid.cells.begin() + grid.cell_count(), reference.cells.begin())),
        "the grid is the reference's");
  if (!r) {
    check(r.status != sudoku::ParseStatus::bad_character || (r.column >= 1 && r.column <= bytes.size()),
          "column in range");
    return;
  }
  sudoku::Grid again;
  check(static_cast<bool>(sudoku::parse_record(sudoku::to_string(grid), again)), "normalised form parses");
  check(again.box == grid.box && again.cells == grid.cells, "normalised form round-trips");
}

// The same bytes as a file, through the reader that splits inputs into records.
void fuzz_lines(std::string_view bytes) {
  const int fd = memfd_create("fuzz", 0);
  if (fd < 0) return;
  if (write(fd, bytes.data(), bytes.size()) != static_cast<ssize_t>(bytes.size())) {
    close(fd);
    return;
  }
  lseek(fd, 0, SEEK_SET);
  {
    sudoku_bench::InputFile input("/proc/self/fd/" + std::to_string(fd));
    sudoku_bench::ChunkReader reader(input, sudoku_bench::InputFormat::automatic, 5000);  // small: lines cross refills
    sudoku_bench::Chunk chunk;
    sudoku_bench::LineNumbers numbers;
    std::uint64_t last_line = 0;
    try {
      // Small blocks: many of them, and lines longer than one. Split and numbered as the pipeline does.
      while (reader.next(chunk, sudoku_bench::ChunkSize{64, 7})) {
        sudoku_bench::split_records(chunk);
        numbers.place(chunk);
        for (const auto& r : chunk.records) {
          const std::uint64_t line = chunk.first_line + r.line - 1;
          check(line > last_line, "line numbers increase");
          last_line = line;
          check(r.length <= sudoku_bench::kMaxRecordBytes && r.full_length >= r.length, "record lengths");
          const std::string_view text = chunk.text_of(r);
          check(!text.empty(), "no empty records");
          check(chunk.format != sudoku_bench::InputFormat::automatic, "the format is decided");
          if (chunk.format != sudoku_bench::InputFormat::grid) check(text.front() != '#', "no comment records");
        }
        numbers.raise_read_error(chunk, input.name());
      }
    } catch (const sudoku_bench::IoError&) {
      // Bytes that look like a broken gzip stream are reported, which is right.
    }
  }
  close(fd);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  fuzz_record(bytes);
  fuzz_lines(bytes);
  return 0;
}
