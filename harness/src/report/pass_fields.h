// One measured pass, a "runs" entry of the report, declared once (field_table.h).
#pragma once

#include <nlohmann/json.hpp>
#include <span>

#include "report/field_table.h"
#include "report/report.h"

namespace sudoku_bench {

std::span<const FieldRow<MeasuredPass>> pass_fields();

// One "runs" entry, and its inverse: also how MPI ranks send their passes to rank 0. Every number
// is range-checked; derived figures are recomputed, not trusted. Throws ReportFormatError naming
// the field ("runs[2].threads: ...").
nlohmann::ordered_json pass_to_json(const MeasuredPass& pass);
MeasuredPass pass_from(const Field& field);
MeasuredPass pass_from_json(const nlohmann::ordered_json& json);

}  // namespace sudoku_bench
