// The report's "settings", declared once (field_table.h): what was asked of `run`.
#pragma once

#include <nlohmann/json.hpp>
#include <span>

#include "report/field_table.h"
#include "report/report.h"

namespace sudoku_bench {

std::span<const FieldRow<Settings>> settings_fields();

nlohmann::ordered_json settings_json(const Settings& settings);
// Throws ReportFormatError naming the field.
Settings settings_from(const Field& field);

}  // namespace sudoku_bench
