// How many records had each outcome. Every record read has exactly one.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace sudoku_bench {

// What one record came to, in the order reports write the counts (kOutcomes).
enum class Outcome : std::uint8_t { unique, multiple, solved, none, invalid, aborted, wrong };

struct Tally {
  std::uint64_t unique = 0;
  std::uint64_t multiple = 0;
  // At --limit 1: a solution was found, and whether it is the only one was not asked.
  std::uint64_t solved = 0;
  std::uint64_t none = 0;
  std::uint64_t aborted = 0;
  std::uint64_t invalid = 0;
  // The solver answered, and the answer failed the harness's check (a solution that is not one,
  // a count with no solution found at limit 1, a count the reference disagrees with): not
  // counted as its claim.
  std::uint64_t wrong = 0;
  // Not outcomes: of the records whose file said what to expect (csv, checks), how many were
  // verified, and how many of those disagreed.
  std::uint64_t checked = 0;
  std::uint64_t check_failed = 0;
  // Not an outcome either: the puzzles whose solutions were not checked because the solver wrote
  // none, even asked again at limit 1 (a solver that only counts); only their counts were judged.
  // Asked again in solve for every record, in run for those the reference recounts.
  std::uint64_t unwritten = 0;

  std::uint64_t& operator[](Outcome o);
  std::uint64_t operator[](Outcome o) const;
  // Every count, the outcomes' then the others': what sums and comparisons of tallies go through.
  std::array<std::uint64_t, 10> counts() const;
  Tally& operator+=(const Tally& o);
  // Puzzles given to the solver: every record but the invalid ones.
  std::uint64_t puzzles() const { return unique + multiple + solved + none + aborted + wrong; }
  // Records that make the exit status 1: nothing to time, or nothing to trust.
  std::uint64_t undecided() const { return invalid + aborted + wrong + check_failed; }
  std::uint64_t records() const { return puzzles() + invalid; }
};

// Every outcome once: its name (reports, --per-puzzle, solve's output) and its count.
struct OutcomeInfo {
  Outcome outcome;
  std::string_view name;
  std::uint64_t Tally::*count;
  bool since_schema_8;  // absent from older reports: read as 0
};
inline constexpr OutcomeInfo kOutcomes[] = {
    {Outcome::unique, "unique", &Tally::unique, false},    {Outcome::multiple, "multiple", &Tally::multiple, false},
    {Outcome::solved, "solved", &Tally::solved, true},     {Outcome::none, "none", &Tally::none, false},
    {Outcome::invalid, "invalid", &Tally::invalid, false}, {Outcome::aborted, "aborted", &Tally::aborted, false},
    {Outcome::wrong, "wrong", &Tally::wrong, true},
};
constexpr const OutcomeInfo& info_of(Outcome o) { return kOutcomes[static_cast<std::size_t>(o)]; }
constexpr bool outcomes_in_enum_order() {
  for (std::size_t i = 0; i < std::size(kOutcomes); ++i)
    if (static_cast<std::size_t>(kOutcomes[i].outcome) != i) return false;
  return true;
}
static_assert(outcomes_in_enum_order(), "kOutcomes lists the outcomes in the enum's order");

// Every count of a tally once, in the order of counts(): what codecs and sums iterate.
inline constexpr std::uint64_t Tally::*kTallyCounts[] = {
    &Tally::unique,  &Tally::multiple, &Tally::solved,  &Tally::none,         &Tally::invalid,
    &Tally::aborted, &Tally::wrong,    &Tally::checked, &Tally::check_failed, &Tally::unwritten};

inline std::array<std::uint64_t, 10> Tally::counts() const {
  std::array<std::uint64_t, 10> out{};
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = this->*kTallyCounts[i];
  return out;
}

inline std::uint64_t& Tally::operator[](Outcome o) { return this->*info_of(o).count; }
inline std::uint64_t Tally::operator[](Outcome o) const { return this->*info_of(o).count; }

inline Tally& Tally::operator+=(const Tally& o) {
  for (std::uint64_t Tally::*count : kTallyCounts) this->*count += o.*count;
  return *this;
}

}  // namespace sudoku_bench
