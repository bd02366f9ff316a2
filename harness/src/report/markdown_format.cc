#include "report/markdown_format.h"

#include <algorithm>

#include "report/report_table.h"

namespace sudoku_bench {
namespace {

std::string cell(const std::string& text) { return markdown_cell(text); }

// Inline code that holds any text: a fence of more backticks than the text has in a row.
std::string code(const std::string& text) {
  if (text.empty()) return "(unknown)";
  std::size_t run = 0, longest = 0;
  for (char c : text) longest = std::max(longest, run = c == '`' ? run + 1 : 0);
  const std::string fence(longest + 1, '`');
  return fence + (longest ? " " + text + " " : text) + fence;
}

}  // namespace

std::string markdown_cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|' || c == '\\') out += '\\';
    out += c == '\n' || c == '\r' ? ' ' : c;
  }
  return out;
}

std::string to_markdown(const Report& report) {
  const Context& c = report.context;
  Table table = table_of(report);
  const std::vector<ShortenedName> legend = shorten_names(table, report);
  std::string out = "**sudoku-bench** " + code(c.version) + " at commit " + code(c.git_commit) + " (" +
                    cell(c.compiler) + " " + cell(c.build_type) + ") on " + cell(c.cpu_model) + ", " +
                    std::to_string(c.hardware_threads) + " hardware threads, " + cell(c.host) + ", " + cell(c.date);
  if (!c.ranks.empty()) out += "; " + std::to_string(c.ranks.size()) + " ranks or shards";
  out += "\n\n";
  for (const std::string& h : table.header) out += "| " + h + " ";
  out += "|\n";
  for (const bool left : table.left) out += left ? "| --- " : "| ---: ";
  out += "|\n";
  std::string warnings;
  for (const Table::Row& row : table.rows) {
    for (const std::string& text : row.cells) out += "| " + cell(text) + " ";
    out += "|\n";
    for (const std::string& w : row_warnings(row))
      warnings +=
          "- " + cell(row.cells[0]) + " " + cell(row.cells[1]) + " threads " + row.cells[2] + ": " + cell(w) + "\n";
  }
  // A table of counts has no spread column to explain.
  if (report.settings.measure == Measure::time) out += "\n" + std::string(kSpreadMeaning) + "\n";
  if (const std::vector<std::string> limits = harness_limits(report); !limits.empty()) {
    out += "\nThe harness's share:\n\n";
    for (const std::string& line : limits) out += "- " + cell(line) + "\n";
  }
  if (!legend.empty()) {
    out += "\nNames shortened in the table:\n\n";
    for (const ShortenedName& n : legend) out += "- " + n.column + " " + code(n.shown) + " is " + code(n.full) + "\n";
  }
  if (!warnings.empty()) out += "\nWarnings:\n\n" + warnings;
  if (report.interrupted) out += "\nInterrupted: the table holds the passes measured before the interrupt.\n";
  return out;
}

}  // namespace sudoku_bench
