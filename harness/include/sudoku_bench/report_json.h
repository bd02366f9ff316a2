// The JSON form of a report (schema "sudoku-bench/1", documented in README.md).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "sudoku_bench/report.h"

namespace sudoku_bench {

inline constexpr const char* kSchema = "sudoku-bench/1";

nlohmann::ordered_json to_json(const Report& report);

// Writes to a temporary file beside `path`, then renames it over `path`, so that readers see the
// old file or the whole new one, never half of it. Throws IoError.
void write_json_file(const std::string& path, const nlohmann::ordered_json& json);

}  // namespace sudoku_bench
