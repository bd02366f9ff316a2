#include "run/ab_sides.h"

#include <unistd.h>

#include "plugin/solver_policy.h"
#include "run/spec_identity.h"
#include "stream/solver_specs.h"
#include "sys/message.h"

namespace sudoku_bench {

AbSides::AbSides(const AbCommand& command) {
  for (int s = 0; s < 2; ++s) {
    AbSide& side = sides_[static_cast<std::size_t>(s)];
    side.spec = s == 0 ? command.base : command.current;
    side.bench = s == 0 ? command.base_bench : command.new_bench;
    side.name = side.spec.name().empty() ? (s == 0 ? "base" : "new") : side.spec.name();
  }
}

void AbSides::identify() {
  for (AbSide& side : sides_) side.identity = identify_solver(side.spec, side.name);
}

std::string AbSides::load(std::FILE* err) {
  std::string notes[2];
  for (int s = 0; s < 2; ++s) {
    AbSide& side = sides_[static_cast<std::size_t>(s)];
    if (side.bench.empty()) {
      std::string error, &note = notes[s];
      side.factory = factory_for_spec(side.spec.unnamed(), error, &note);
      if (!side.factory) return std::string(kAbSideWord[s]) + ": " + error;
      if (!note.empty()) Messages(err, "ab").note(note);
      if (const std::string recount = policy_of(*side.factory).recounted_by; !recount.empty())
        if (!(side.recount = reference_for_spec(SolverSpec(recount), error))) return error;
    } else if (access(side.bench.c_str(), X_OK) != 0) {
      return std::string(kAbSideWord[s]) + ": no sudoku-bench at " + side.bench;
    }
    side.identity = identify_solver(side.spec, side.name);
  }
  if (sides_[0].name == sides_[1].name) return "BASE and NEW are both named " + sides_[0].name;
  return same_instances(notes, err);
}

// Both sides in one mode: when @auto gave one plugin private instances (its note says why) and
// the other shared ones, the other is loaded again as @private, so that the sides differ in their
// code alone. "" or what failed.
std::string AbSides::same_instances(const std::string (&notes)[2], std::FILE* err) {
  for (int s = 0; s < 2; ++s) {
    AbSide& other = sides_[static_cast<std::size_t>(1 - s)];
    if (notes[s].empty() || !notes[1 - s].empty() || !other.bench.empty()) continue;
    if (other.spec.kind() != SolverSpec::Kind::plugin || !other.spec.malformed().empty() ||
        other.spec.plugin().mode != "auto")
      continue;
    std::string error;
    other.factory = factory_for_spec(other.spec.with_plugin_mode("private"), error, nullptr);
    if (!other.factory) return std::string(kAbSideWord[1 - s]) + ": " + error;
    Messages(err, "ab").notef("%s gets private instances too, so that both sides are measured alike",
                              kAbSideWord[1 - s]);
  }
  return "";
}

std::string AbSides::solver_text(int s) const {
  const AbSide& side = (*this)[s];
  std::string text = side.name + " = " + side.spec.spec();
  for (const SolverIdentity::File& f : side.identity.files)
    text += " (" + f.path.substr(f.path.find_last_of('/') + 1) + " sha256 " +
            (f.sha256.empty() ? "unread" : f.sha256.substr(0, 12)) + ")";
  if (!side.bench.empty()) text += " measured by " + side.bench;
  return text;
}

std::string AbSides::side_line(int s) const {
  return std::string(kAbSideWord[s]) + (s == 0 ? " " : "  ") + solver_text(s);
}

}  // namespace sudoku_bench
