// A comparison of two reports (comparison.h) for machines and pull requests: compare --format json
// (schema "sudoku-bench-compare/2", docs/cli.md) and --format markdown. The text for a terminal is
// compare's own (cli/compare_command.cc).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "report/comparison.h"

namespace sudoku_bench {

enum class CompareFormat { text, markdown, json };
// Every format, in the order --format lists them: the one list its names, help and check come from.
struct CompareFormatName {
  CompareFormat format;
  std::string_view name;
};
inline constexpr CompareFormatName kCompareFormats[] = {
    {CompareFormat::text, "text"}, {CompareFormat::markdown, "markdown"}, {CompareFormat::json, "json"}};
std::optional<CompareFormat> compare_format_named(std::string_view name);
std::string_view name_of(CompareFormat format);

// 2: each metric's `change` with its interval, and options.paired (docs/cli.md).
inline constexpr std::string_view kCompareSchema = "sudoku-bench-compare/2";

// The sentence that says when a pair is SLOWER under these options: one text for every format.
std::string verdict_rule(const CompareOptions& o);
// A metric's change of time per puzzle with its interval: "+3.1% (+2.0% to +4.3%)", "+3.1%" when
// the repetitions allow no interval, "-" when there is no change to give.
std::string change_text(const MetricComparison& m);

// Which report each side is.
struct ComparedSide {
  std::string path, git_commit, date;
};

nlohmann::ordered_json comparison_json(const Comparison& c, const CompareOptions& o, const ComparedSide& base,
                                       const ComparedSide& current);
std::string comparison_markdown(const Comparison& c, const CompareOptions& o, const ComparedSide& base,
                                const ComparedSide& current);

}  // namespace sudoku_bench
