// Records travel through the pipeline in chunks: a block of lines with their line numbers, and
// what the parallel stage found for the in-order sink.
#pragma once

#include <cstdint>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "stats/tail_growth.h"
#include "stats/tally.h"
#include "stream/input_format.h"
#include "stream/problem.h"

namespace sudoku_bench {

// Longer lines keep only this prefix: no record is this long (the longest, a 49x49 grid as numbers,
// is 2401 fields of up to 2 digits with their separators, at most about 7.2 KB, or more with
// extra spaces), and memory stays bounded.
inline constexpr std::size_t kMaxRecordBytes = 16384;

// One puzzle entry of an input: a line, or the lines of one grid joined.
struct Record {
  std::uint32_t offset = 0;       // into Chunk::data
  std::uint32_t length = 0;       // bytes kept, at most kMaxRecordBytes
  std::uint64_t line = 0;         // 1-based, counted from Chunk::first_line
  std::uint64_t full_length = 0;  // the line's length without its terminator (> length when cut)
  std::int32_t malformed = -1;    // index into Chunk::malformed when the reader found it malformed
};

// What run --per-puzzle writes of a record (its line still counted from Chunk::first_line).
struct RecordFigures {
  std::uint64_t line = 0;
  std::uint64_t latency_ns = 0;
  std::uint64_t nodes = 0;
  std::uint64_t guesses = 0;
  std::uint8_t outcome = 0;  // a StepResult::Outcome
};

// A chunk's parts, one per concern, each cleared for reuse by its clear(): the part is made anew,
// only its buffers carried over (their capacity kept), so that a member added later is cleared
// without anyone remembering to.

// What the reader handed out (ChunkReader).
struct ChunkInput {
  InputFormat format = InputFormat::lines;  // never automatic once read
  // The chunk's bytes are data[0, bytes): a block of whole lines (split into records by the
  // parallel stage, see split_records), a range of a mapped file cut at any byte, or records the
  // reader already assembled (grids). `data` points into `text`, or into the input file itself
  // when it is mapped (no copy).
  const char* data = nullptr;
  std::size_t bytes = 0;
  // A range of a mapped file cut at any byte (the serial reader does not touch the file) when not
  // 0: data[0, extent) can be read (to the end of the file). The chunk holds the lines that start
  // in data[0, bytes), read to their end even past it; a line that began before is the previous
  // chunk's. starts_line says data[0] starts a line without looking at data[-1].
  std::size_t extent = 0;
  bool starts_line = false;
  // Not cleared: the reader sizes it once and reuses it for later blocks.
  std::string text;
  // When not 0, text holds the first bytes of one line of this many bytes (without terminator)
  // that did not fit a block: it is cut to kMaxRecordBytes.
  std::uint64_t long_line = 0;
  // How far into the file as stored this chunk ends: exact for plain files, in zlib's steps for gzip.
  std::uint64_t input_position = 0;
  // A read error met after this chunk's bytes: the sink raises it once the chunk is done, naming
  // the line being read.
  std::string read_error;

  void clear();
};

// The records found in the bytes, and the lines they span.
struct ChunkRecords {
  bool split = false;  // records are filled in
  std::vector<Record> records;
  std::vector<std::string> malformed;  // why records the reader assembled are malformed (grids)
  // Record::line counts from first_line: the reader sets it when it knows it (grids), else the
  // in-order sink does (LineNumbers). line_count is how many input lines the chunk spans.
  std::uint64_t first_line = 0;
  std::uint64_t line_count = 0;

  void clear();
};

// Where the chunk stands among the readings of the input and its shards.
struct ChunkPlace {
  // Which reading of the input it belongs to, from 0 (PipelineConfig::min_seconds reads it again).
  std::uint32_t loop = 0;
  // Another shard's (PipelineConfig::shard_count): not processed, its lines only counted
  // (count_lines). Other shards' ranges of a mapped file are not even handed on: the next chunk
  // handed on says where they began (uncounted_from, and whether that starts a line as
  // starts_line says), for LineNumbers.
  bool skipped = false;
  const char* uncounted_from = nullptr;
  bool uncounted_starts_line = false;

  void clear() { *this = ChunkPlace{}; }
};

// What the parallel stage found, for the in-order sink: a part per feature that asks for it.
struct ChunkOutcomes {
  Tally tally;
  std::vector<Problem> problems;    // in record order, as many as the pass keeps (see PassConfig)
  std::string out;                  // what the command prints for these records, in order
  std::vector<RecordFigures> rows;  // run --per-puzzle: each record's figures, in order
  // PassConfig::tail_growth: each puzzle's latency and tree size, in order (first reading only).
  TailValues tail_latency_ns, tail_tree_size;
  // A solver that failed on a record (plugin::SolverFault: a crash, an exception, a stop) ends the
  // chunk there; the sink raises it once the chunk's lines are numbered, naming FILE:LINE.
  std::exception_ptr fault;
  std::uint64_t fault_line = 0;  // counted like Record::line

  void clear();
};

struct Chunk : ChunkInput, ChunkRecords, ChunkPlace, ChunkOutcomes {
  std::string_view text_of(const Record& r) const { return std::string_view(data + r.offset, r.length); }
  // Ready for the reader: everything but the buffers' capacity (and the reader's text) cleared.
  void reset() {
    ChunkInput::clear();
    ChunkRecords::clear();
    ChunkPlace::clear();
    ChunkOutcomes::clear();
  }
};

// Finds the records of a block read by ChunkReader: whole lines, CR stripped, empty and '#' lines
// skipped, lines longer than kMaxRecordBytes cut; numbers them from 1. Does nothing to a chunk
// already split. Runs in the parallel stage, so the serial reader does no work per line.
void split_records(Chunk& chunk);

// The line_count split_records would set, without finding the records: for blocks of other shards.
void count_lines(Chunk& chunk);

// Line numbers for chunks taken in input order: gives each its first line and turns the lines
// of its problems into lines of the input. Once mapped ranges went by uncounted (uncounted_from),
// it counts the file's newlines up to a chunk only when that chunk has problems or per-puzzle
// rows to number (first_line stays 0 on the others).
class LineNumbers {
 public:
  void place(Chunk& chunk);
  // Raises a read error met after `chunk` (IoError naming `file` and the line being read); call
  // it once the chunk's records are counted.
  void raise_read_error(const Chunk& chunk, const std::string& file) const;
  // Raises the chunk's solver fault, located at FILE:LINE; call it after place().
  static void raise_fault(const Chunk& chunk, const std::string& file);

 private:
  std::uint64_t next_ = 1;
  // Once mapped ranges went uncounted: where (the first line there is next_'s), and later the
  // file's newlines before counted_upto_, counted when first needed.
  const char* uncounted_from_ = nullptr;
  bool uncounted_starts_line_ = false;
  const char* counted_upto_ = nullptr;
  std::uint64_t newlines_before_ = 0;
};

}  // namespace sudoku_bench
