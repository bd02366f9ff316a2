#include "stream/solver_spec.h"

#include <algorithm>
#include <charconv>

#include "plugin/exec_solver.h"
#include "plugin/plugin_solver.h"
#include "stream/noop.h"
#include "sudoku/strategies.h"

namespace sudoku_bench {
namespace {

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
         c == '+' || c == '-';
}

// The length of NAME= at the head of `given`; 0 when it has none.
std::size_t name_length(std::string_view given) {
  const std::size_t eq = given.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq > 64) return 0;
  for (const char c : given.substr(0, eq))
    if (!is_name_char(c)) return 0;
  return eq;
}

bool is_exec(std::string_view spec) { return spec.starts_with("exec:") || spec.starts_with("exec/"); }

bool starts_a_spec(std::string_view piece) {
  const std::size_t named = name_length(piece);
  return names_a_solver(piece.substr(named > 0 ? named + 1 : 0));
}

}  // namespace

std::vector<std::string> solver_names() {
  std::vector<std::string> names;
  for (const auto& s : sudoku::strategy_list()) names.emplace_back(s.name);
  names.insert(names.end(), {std::string(kNoopSpec), "plugin", "exec"});
  return names;
}

bool names_a_solver(std::string_view spec) {
  const std::vector<std::string> names = solver_names();
  return is_exec(spec) || std::find(names.begin(), names.end(), spec.substr(0, spec.find(':'))) != names.end();
}

SolverSpec::SolverSpec(std::string_view given) : given_(given) {
  if (const std::size_t named = name_length(given); named > 0) {
    name_ = given.substr(0, named);
    spec_ = given.substr(named + 1);
  } else {
    spec_ = given_;
  }
  if (spec_ == kNoopSpec) kind_ = Kind::noop;
  if (spec_.starts_with(plugin::kPluginPrefix)) parse_plugin();
  if (is_exec(spec_)) parse_exec();
}

void SolverSpec::parse_plugin() {
  kind_ = Kind::plugin;
  plugin::parse_plugin_spec(spec_.substr(plugin::kPluginPrefix.size()), plugin_, malformed_);
}

void SolverSpec::parse_exec() {
  kind_ = Kind::exec;
  batch_ = plugin::kDefaultExecBatch;
  // What follows the first ':' (all of it without one): what the shell is given, or what a
  // malformed spec is judged by before it is refused (a program not there is said first).
  const std::size_t colon = spec_.find(':');
  command_ = spec_.substr(colon == std::string::npos ? 0 : colon + 1);
  if (spec_[4] == '/') {
    const std::string_view n =
        std::string_view(spec_).substr(5, colon == std::string::npos ? std::string::npos : colon - 5);
    const auto [end, ec] = std::from_chars(n.data(), n.data() + n.size(), batch_);
    if (colon == std::string::npos || ec != std::errc() || end != n.data() + n.size() || batch_ < 1 || batch_ > 4096) {
      malformed_ = "solver '" + spec_ + "': expected exec:COMMAND or exec/N:COMMAND, N a batch of 1 to 4096 puzzles";
      return;
    }
  }
  if (colon == std::string::npos || command_.empty())
    malformed_ = "solver '" + spec_ + "': expected exec:COMMAND or exec/N:COMMAND";
}

std::vector<SolverSpec> SolverSpec::list(std::string_view text) {
  std::vector<std::string> pieces;
  std::size_t pos = 0;
  for (;;) {
    const std::size_t comma = text.find(',', pos);
    const std::string_view piece =
        text.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
    if (pieces.empty() || starts_a_spec(piece))
      pieces.emplace_back(piece);
    else
      pieces.back().append(",").append(piece);
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  return {pieces.begin(), pieces.end()};
}

SolverSpec SolverSpec::with_plugin_mode(std::string_view mode) const {
  SolverSpec other = *this;
  for (std::string* text : {&other.given_, &other.spec_}) {
    if (text->ends_with("@auto")) text->resize(text->size() - 5);
    text->append("@").append(mode);
  }
  other.plugin_.mode = mode;
  return other;
}

SolverSpec SolverSpec::named_or(std::string_view name) const {
  SolverSpec named = *this;
  if (name_.empty()) {
    named.name_ = name;
    named.given_ = named.name_ + "=" + given_;
  }
  return named;
}

SolverSpec SolverSpec::unnamed() const {
  SolverSpec bare = *this;
  bare.name_.clear();
  bare.given_ = spec_;
  return bare;
}

std::vector<std::string> given_texts(const std::vector<SolverSpec>& specs) {
  std::vector<std::string> texts;
  for (const SolverSpec& s : specs) texts.push_back(s.given());
  return texts;
}

}  // namespace sudoku_bench
