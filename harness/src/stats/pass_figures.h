// The scalar figures a pass measures, declared once: a row each, which the JSON report, the MPI
// part codec, shard merging, duplicate detection and the measuring of a pass (stream/pass.cc, for
// what getrusage counts) iterate. Every figure is a std::optional: empty where not measured, which
// every output writes as its own empty (null, "-"). A new figure is an enumerator and a row here,
// and a row of report/metrics.cc for the outputs that show it.
#pragma once

#include <sys/resource.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace sudoku_bench {

enum class Fig : std::uint8_t {
  cpu_seconds,
  program_cpu_seconds,
  peak_rss_bytes,
  clock_read_ns,
  minor_page_faults,
  instructions_per_puzzle,
  startup_instructions,
  dealing_cpu_seconds,
  waiting_cpu_seconds,
  voluntary_context_switches,
  count,  // the number of figures, not one
};
inline constexpr std::size_t kFigCount = static_cast<std::size_t>(Fig::count);

// How the pass made of parts (MPI ranks, merged shards) gets the figure from its parts' figures.
// Where a part did not measure it, neither did the whole.
enum class Combine {
  sum,
  max,
  first,    // the first part's (a count per record that the parts share)
  unknown,  // no part's figure says it for the whole (peak memory of several processes)
};

// How its JSON number is read and written.
enum class Reads { seconds, count, figure };

// Two readings of getrusage(RUSAGE_SELF), at the start of a pass and at its end.
struct UsageSpan {
  rusage start, end;
};

struct FigureRow {
  Fig fig;
  std::string_view key;  // its runs[] key in the JSON report
  Reads reads;
  Combine combine;
  // Written to runs[] (else only a part's, kept in runs[].parts: the MPI dealing figures).
  bool in_json = true;
  // Reports before schema /14 wrote 0 where it was not measured; no measurement gives 0.
  bool zero_unmeasured = false;
  // What getrusage says of the pass, for a figure measured so (stream/pass.cc); null for others.
  double (*from_usage)(const UsageSpan&) = nullptr;
};

inline constexpr FigureRow kFigureRows[] = {
    // The whole process's CPU time (every thread), with its exec: programs' (program_cpu_seconds).
    {Fig::cpu_seconds, "cpu_seconds", Reads::seconds, Combine::sum, true, true},
    // None when the solver ran no program, and in reports before schema /10.
    {Fig::program_cpu_seconds, "program_cpu_seconds", Reads::seconds, Combine::sum},
    // Peak resident memory when the pass ended (ru_maxrss, KiB on Linux). Each part is its own
    // process: none of them held the whole pass's memory.
    {Fig::peak_rss_bytes, "peak_rss_bytes", Reads::count, Combine::unknown, true, true,
     [](const UsageSpan& u) { return static_cast<double>(u.end.ru_maxrss) * 1024; }},
    // One read of the clock that timed the puzzles (two a puzzle): the dearest part's.
    {Fig::clock_read_ns, "clock_read_ns", Reads::figure, Combine::max, true, true},
    // Memory first touched during the pass (ru_minflt): the solvers' or the harness's.
    {Fig::minor_page_faults, "minor_page_faults", Reads::count, Combine::sum, true, false,
     [](const UsageSpan& u) { return static_cast<double>(u.end.ru_minflt - u.start.ru_minflt); }},
    // run --measure instructions: valgrind's count per record, and an exec: program's start-up apart.
    {Fig::instructions_per_puzzle, "instructions_per_puzzle", Reads::figure, Combine::first},
    {Fig::startup_instructions, "startup_instructions", Reads::count, Combine::first},
    // An MPI rank's CPU passing deals and waiting for the others: kept in runs[].parts.
    {Fig::dealing_cpu_seconds, "dealing_cpu_seconds", Reads::seconds, Combine::unknown, false},
    {Fig::waiting_cpu_seconds, "waiting_cpu_seconds", Reads::seconds, Combine::unknown, false},
    // Times the process's threads gave up the CPU to wait (ru_nvcsw): for a lock, for input, for
    // a program's answer; for parts, their sum.
    {Fig::voluntary_context_switches, "voluntary_context_switches", Reads::count, Combine::sum, true, false,
     [](const UsageSpan& u) { return static_cast<double>(u.end.ru_nvcsw - u.start.ru_nvcsw); }},
};

constexpr bool rows_in_enum_order() {
  if (std::size(kFigureRows) != kFigCount) return false;
  for (std::size_t i = 0; i < kFigCount; ++i)
    if (static_cast<std::size_t>(kFigureRows[i].fig) != i) return false;
  return true;
}
static_assert(rows_in_enum_order(), "kFigureRows has a row per figure, in the enum's order");

constexpr const FigureRow& row_of(Fig f) { return kFigureRows[static_cast<std::size_t>(f)]; }

// A pass's figures, by their Fig.
class PassFigures {
 public:
  std::optional<double>& operator[](Fig f) { return values_[static_cast<std::size_t>(f)]; }
  const std::optional<double>& operator[](Fig f) const { return values_[static_cast<std::size_t>(f)]; }
  auto operator<=>(const PassFigures&) const = default;
  bool operator==(const PassFigures&) const = default;

 private:
  std::array<std::optional<double>, kFigCount> values_{};
};

}  // namespace sudoku_bench
