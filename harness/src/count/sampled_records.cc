#include "count/sampled_records.h"

#include "count/sample.h"
#include "stream/input.h"
#include "stream/noop.h"
#include "stream/pipeline.h"
#include "stream/record_step.h"

namespace sudoku_bench {

FileSample read_sample(const std::string& file, InputFormat format, std::size_t sample) {
  InputFile input(file);
  PipelineConfig config;
  config.format = format;  // on one thread, PipelineConfig's own
  config.chunk = chunk_size_for(input.size(), config.threads);
  // noop's step parses each record as every solver's does, and solves nothing.
  const auto noop = make_noop_factory();
  RecordStep step(*noop, StepOptions{});
  std::vector<SampledRecord> all;
  // Records in the in-order sink, where their chunk's first line is known.
  const auto sink = [&](Chunk& chunk) {
    if (chunk.read_error.size()) throw IoError(input.name(), chunk.read_error);
    for (const Record& record : chunk.records) {
      const StepResult& r = step.run(chunk, record, nullptr);
      SampledRecord& s = all.emplace_back();
      s.line = chunk.first_line + record.line - 1;
      if (!r.is_puzzle()) {
        s.invalid = r.invalid;
        continue;
      }
      s.puzzle.resize(static_cast<std::size_t>(step.puzzle().cell_count()));
      sudoku::write_symbols(step.puzzle(), s.puzzle.data());
    }
  };
  run_pipeline(
      input, config, [](Chunk&) {}, sink);
  FileSample picked;
  picked.file_records = all.size();
  for (const std::size_t i : sample_indexes(all.size(), sample)) picked.records.push_back(std::move(all[i]));
  return picked;
}

}  // namespace sudoku_bench
