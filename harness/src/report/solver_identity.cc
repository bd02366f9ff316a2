#include "report/solver_identity.h"

#include <algorithm>
#include <fstream>

#include "report/names.h"
#include "report/sha256.h"

namespace sudoku_bench {
namespace {

SolverIdentity::File file_identity(const std::string& path) {
  SolverIdentity::File file{path, 0, ""};
  std::ifstream in(path, std::ios::binary);
  if (!in) return file;
  Sha256 hash;
  char buffer[1 << 16];
  while (in) {
    in.read(buffer, sizeof buffer);
    const auto got = static_cast<std::size_t>(in.gcount());
    hash.update(buffer, got);
    file.size += got;
  }
  if (in.bad()) return {path, 0, ""};
  file.sha256 = hash.hex();
  return file;
}

const SolverIdentity* find(const std::vector<SolverIdentity>& ids, const std::string& name) {
  for (const SolverIdentity& id : ids)
    if (id.name == name) return &id;
  return nullptr;
}

std::string base_name(const std::string& path) { return path.substr(path.find_last_of('/') + 1); }

}  // namespace

SolverIdentity identify_files(std::string name, std::string spec, const std::vector<std::string>& files) {
  SolverIdentity id{std::move(name), std::move(spec), {}};
  for (const std::string& path : files) id.files.push_back(file_identity(path));
  return id;
}

std::vector<std::string> identity_changes(const std::vector<SolverIdentity>& before,
                                          const std::vector<SolverIdentity>& after, const std::string& name) {
  std::vector<std::string> out;
  const SolverIdentity *a = find(before, name), *b = find(after, name);
  if (!a || !b) return out;
  if (a->spec != b->spec) out.push_back("spec " + a->spec + " -> " + b->spec);
  const std::size_t n = std::max(a->files.size(), b->files.size());
  for (std::size_t i = 0; i < n; ++i) {
    const auto short_hash = [](const SolverIdentity::File& f) {
      return f.sha256.empty() ? std::string("unread") : f.sha256.substr(0, 8);
    };
    if (i >= a->files.size()) {
      out.push_back(base_name(b->files[i].path) + " added");
    } else if (i >= b->files.size()) {
      out.push_back(base_name(a->files[i].path) + " gone");
    } else if (a->files[i].sha256 != b->files[i].sha256) {
      out.push_back(base_name(b->files[i].path) + " " + short_hash(a->files[i]) + " -> " + short_hash(b->files[i]));
    }
  }
  return out;
}

std::vector<std::string> identity_pair_lines(const std::vector<SolverIdentity>& base, const std::string& base_solver,
                                             const std::vector<SolverIdentity>& current,
                                             const std::string& current_solver) {
  const SolverIdentity *a = find(base, base_solver), *b = find(current, current_solver);
  if ((!a || a->files.empty()) && (!b || b->files.empty())) return {};
  // The spec where the name does not already say it; names as the table shortens them, so that a
  // long spec is spelled out once, in the table's legend.
  const auto side = [](const SolverIdentity* id) {
    if (!id) return std::string("(not recorded)");
    std::string text = id->spec == id->name ? "" : id->spec;
    for (const SolverIdentity::File& f : id->files)
      text += std::string(text.empty() ? "" : " ") + "(" + base_name(f.path) + " sha256 " +
              (f.sha256.empty() ? "unread" : f.sha256) + ")";
    return text;
  };
  const bool same = a && b && !a->files.empty() && a->files.size() == b->files.size() &&
                    std::equal(a->files.begin(), a->files.end(), b->files.begin(),
                               [](const SolverIdentity::File& x, const SolverIdentity::File& y) {
                                 return !x.sha256.empty() && x.sha256 == y.sha256;
                               });
  return {short_name(base_solver) + " in BASE: " + side(a),
          short_name(current_solver) + " in NEW:  " + side(b) + (same ? " (the same code)" : "")};
}

}  // namespace sudoku_bench
