// run --per-puzzle: one CSV row per record of every measured pass, for head-to-head comparisons
// of two builds puzzle by puzzle (compare --per-puzzle). Workers keep each record's figures in its
// chunk; the sink, which alone knows the chunk's first line, writes them in input order, so memory
// stays that of the chunks in flight, however long the input.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "stream/chunk.h"
#include "stream/output_file.h"
#include "stream/record_step.h"

namespace sudoku_bench {

inline constexpr std::string_view kPerPuzzleHeader =
    "dataset,file,line,solver,threads,repetition,latency_ns,nodes,guesses,outcome\n";

class PerPuzzleRows {
 public:
  // Writes the header to `out` (a .gz path compressed, by OutputFile); a failure is kept for close().
  explicit PerPuzzleRows(OutputFile& out);
  PerPuzzleRows(const PerPuzzleRows&) = delete;
  PerPuzzleRows& operator=(const PerPuzzleRows&) = delete;

  // The fields every row of the next pass shares.
  void start_pass(std::string_view dataset, std::string_view file, std::string_view solver, int threads, int repetition,
                  bool tree_size_reported, bool timed);

  // Worker side, in record order.
  static void keep(Chunk& chunk, const Record& record, const StepResult& result, std::uint64_t latency_ns) {
    chunk.rows.push_back(
        {record.line, latency_ns, result.solve.nodes, result.solve.guesses, static_cast<std::uint8_t>(result.outcome)});
  }

  // Sink side, in input order, once the chunk's first line is known: its rows. A write that fails
  // is kept, not thrown, so that the measurement and the other outputs go on; close() raises it.
  void write(const Chunk& chunk);
  // After a pass: its rows made whole in the temporary file, whose size is returned (0: nothing to
  // keep). A supervisor keeps that much if this process dies (OutputFile::settle).
  std::uint64_t settle();
  // After a pass that is dropped (a solver's fault, an input that changed): its rows are taken
  // back to where the last settle() left the file, so that no row describes a pass the report does
  // not hold. An output written in place (a FIFO, a device) cannot take them back.
  void drop_pass();
  // Flushes and makes the file (OutputFile::commit); throws IoError when it could not be written
  // whole, leaving what was at the path as it was.
  void close();

 private:
  void write_bytes(const std::string& bytes);

  OutputFile& out_;
  std::string error_;          // the first write that failed
  std::string head_, middle_;  // "dataset,file," and ",solver,threads,repetition,"
  bool tree_size_reported_ = true;
  bool timed_ = true;
  std::string buffer_;
  std::uint64_t settled_ = 0;  // the file's size at the last settle(): the header, or the last whole pass
};

}  // namespace sudoku_bench
