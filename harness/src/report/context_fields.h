// The report's "context" and its "environment", declared once (field_table.h): where and with
// what the figures were measured.
#pragma once

#include <nlohmann/json.hpp>
#include <span>

#include "report/context.h"
#include "report/field_table.h"

namespace sudoku_bench {

std::span<const FieldRow<Context>> context_fields();
std::span<const FieldRow<Environment>> environment_fields();

nlohmann::ordered_json context_json(const Context& context);
// Throws ReportFormatError naming the field.
Context context_from(const Field& field);

nlohmann::ordered_json environment_json(const Environment& environment);
// Every field may be absent or null (a machine where it is unknown, a report before it): its default.
Environment environment_from(const Field& field);

}  // namespace sudoku_bench
