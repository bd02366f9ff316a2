#include "sudoku_bench/report_json.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "sudoku_bench/input.h"

namespace sudoku_bench {
namespace {

using Json = nlohmann::ordered_json;

Json summary_json(const Summary& s) {
  Json percentiles = Json::object();
  for (std::size_t i = 0; i < kPercentiles.size(); ++i) percentiles[std::string(kPercentileNames[i])] = s.percentiles[i];
  return Json{{"min", s.min}, {"mean", s.mean}, {"stddev", s.stddev}, {"max", s.max}, {"percentiles", percentiles}};
}

Json optional_json(const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); }

}  // namespace

nlohmann::ordered_json to_json(const Report& report) {
  const Context& c = report.context;
  Json context = {{"date", c.date},
                  {"host", c.host},
                  {"os", c.os},
                  {"cpu_model", c.cpu_model},
                  {"hardware_threads", c.hardware_threads},
                  {"compiler", c.compiler},
                  {"compiler_flags", c.compiler_flags},
                  {"build_type", c.build_type},
                  {"tbb_version", c.tbb_version},
                  {"git_commit", c.git_commit},
                  {"sudoku_bench_version", c.version}};
  const Settings& s = report.settings;
  Json settings = {{"solvers", s.solvers},
                   {"threads", s.threads},
                   {"repetitions", s.repetitions},
                   {"warmup_seconds", s.warmup_seconds},
                   {"limit", s.limit},
                   {"node_limit", s.node_limit},
                   {"time_limit_ms", s.time_limit_ms},
                   {"seed", s.seed},
                   {"latency", s.latency}};
  Json runs = Json::array();
  for (const RunRecord& r : report.runs) {
    runs.push_back({{"dataset", r.dataset},
                    {"path", r.path},
                    {"solver", r.solver},
                    {"threads", r.threads},
                    {"threads_observed", r.threads_observed},
                    {"repetition", r.repetition},
                    {"complete", r.complete},
                    {"puzzles", r.puzzles()},
                    {"wall_seconds", r.wall_seconds},
                    {"puzzles_per_second", r.puzzles_per_second()},
                    {"status",
                     {{"unique", r.status.unique},
                      {"multiple", r.status.multiple},
                      {"none", r.status.none},
                      {"invalid", r.status.invalid},
                      {"aborted", r.status.aborted}}},
                    {"checks", {{"checked", r.status.checked}, {"failed", r.status.check_failed}}},
                    {"latency_ns", r.latency_measured ? summary_json(r.latency_ns) : Json(nullptr)},
                    {"tree_size", r.tree_size_reported ? summary_json(r.tree_size) : Json(nullptr)},
                    {"guesses", summary_json(r.guesses)}});
  }
  Json scaling = Json::array();
  for (const ScalingRow& row : scaling_of(report.runs)) {
    scaling.push_back({{"dataset", row.dataset},
                       {"solver", row.solver},
                       {"threads", row.threads},
                       {"puzzles_per_second", row.puzzles_per_second},
                       {"speedup", optional_json(row.speedup)},
                       {"efficiency", optional_json(row.efficiency)}});
  }
  return Json{{"schema", kSchema},    {"context", context}, {"settings", settings},
              {"interrupted", report.interrupted}, {"runs", runs}, {"scaling", scaling}};
}

void write_json_file(const std::string& path, const nlohmann::ordered_json& json) {
  const std::filesystem::path target(path);
  std::error_code ec;
  if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path(), ec);
  const std::string tmp = path + ".tmp." + std::to_string(getpid());
  const std::string text = json.dump(2) + "\n";
  const int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw IoError(path, std::string("cannot write: ") + std::strerror(errno));
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int e = errno;
      close(fd);
      unlink(tmp.c_str());
      throw IoError(path, std::string("cannot write: ") + std::strerror(e));
    }
    done += static_cast<std::size_t>(n);
  }
  const bool synced = fsync(fd) == 0;
  const bool closed = close(fd) == 0;
  if (!synced || !closed || std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int e = errno;
    unlink(tmp.c_str());
    throw IoError(path, std::string("cannot write: ") + std::strerror(e));
  }
}

}  // namespace sudoku_bench
