// The JSON form of a report (schema "sudoku-bench/14", documented in docs/json-schema.md): written and read
// back here only, so that one module owns the schema.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "report/format_error.h"
#include "report/report.h"

namespace sudoku_bench {

inline constexpr const char* kSchema = "sudoku-bench/14";
// Earlier schemas still read. /13 wrote 0 for a CPU time not measured (read as not measured, as
// are 0 peak memory and clock cost: pass_figures.h, zero_unmeasured); /11 has no settings.measure (every report
// measured time) and no context.counter; /9 counted the process's CPU alone, an exec: solver's programs' not (no
// runs[].program_cpu_seconds); /8 lacks settings.solver_identities and settings.labels, and its runs[].solver is always
// the spec (no NAME=); /7 lacks status.solved (every report before ran at limit 2); /6 lacks runs[].peak_rss_bytes; /5
// lacks runs[].run_id (merge cannot tell a pass given twice but by its figures); /4 lacks runs[].tail_growth; /3 lacks
// the noise, loops, outlier flags, order and implementation of passes and the context's environment; /2 lacks the
// histograms' buckets (no exact merge) and the parts of passes measured on several ranks or shards; /1 also lacks
// status.wrong and settings.verify (reports before answers were judged).
inline constexpr const char* kSchemasBefore[] = {
    "sudoku-bench/13", "sudoku-bench/12", "sudoku-bench/11", "sudoku-bench/10", "sudoku-bench/9",
    "sudoku-bench/8",  "sudoku-bench/7",  "sudoku-bench/6",  "sudoku-bench/5",  "sudoku-bench/4",
    "sudoku-bench/3",  "sudoku-bench/2",  "sudoku-bench/1"};

nlohmann::ordered_json to_json(const Report& report);

// The text of a report file: indented as dump(2), except that an array holding no objects stays
// on one line (histogram buckets are thousands of pairs: dump(2) spreads each over four lines,
// which made a report four times the size).
std::string json_text(const nlohmann::ordered_json& json);

// The inverse of to_json; every number is range-checked. complete, checks, unwritten, cpu_seconds, log2_counts,
// settings.time_limit_ms, settings.seed and settings.latency may be absent (hand-made or trimmed files) and read as
// their defaults; null latency_ns and tree_size read as not measured / not reported; derived fields (puzzles,
// puzzles_per_second, scaling) are recomputed, not trusted. Throws ReportFormatError.
Report from_json(const nlohmann::ordered_json& json);

}  // namespace sudoku_bench
