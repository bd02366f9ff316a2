#include "run/rank_passes.h"

#include <algorithm>
#include <array>
#include <bit>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <utility>

#include "plugin/call_guard.h"
#include "report/pass_codec.h"
#include "report/pass_parts.h"
#include "run/exit_codes.h"
#include "run/rank_dealing.h"
#include "stream/input.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

// A pass's three distributions, in the order they travel.
std::array<Summary*, 3> distributions(MeasuredPass& pass) {
  return {&pass.distributions.latency_ns, &pass.distributions.tree_size, &pass.distributions.guesses};
}

// Every rank's buckets summed at rank 0 (empty elsewhere), as dense blocks of the histogram's slots
// (Histogram: 1024 slots a block, a few blocks a distribution): the blocks any rank uses are found
// first, then those summed along MPI's reduction tree, so that rank 0 receives as much as one
// rank sends, whatever the number of ranks.
std::vector<Histogram::Bucket> summed_buckets(World& world, const std::vector<Histogram::Bucket>& buckets) {
  constexpr int kBits = Histogram::kSubBucketBits;
  constexpr std::uint32_t kSlots = 1u << kBits;
  std::uint64_t mine = 0;
  for (const auto& [slot, count] : buckets) mine |= std::uint64_t{1} << (slot >> kBits);
  const std::uint64_t used = world.or_everywhere(mine);
  if (!used) return {};
  const auto place = [&](std::uint32_t block) {  // of the block among those used
    return static_cast<std::size_t>(std::popcount(used & ((std::uint64_t{1} << block) - 1)));
  };
  std::vector<std::uint64_t> dense(static_cast<std::size_t>(std::popcount(used)) * kSlots, 0);
  for (const auto& [slot, count] : buckets) dense[place(slot >> kBits) * kSlots + (slot & (kSlots - 1))] += count;
  world.sum_at_rank0(dense);
  if (world.rank() != 0) return {};
  std::vector<Histogram::Bucket> summed;
  for (std::uint32_t block = 0; block < 64; ++block) {
    if (!(used >> block & 1)) continue;
    for (std::uint32_t i = 0; i < kSlots; ++i)
      if (const std::uint64_t count = dense[place(block) * kSlots + i]) summed.emplace_back(block << kBits | i, count);
  }
  return summed;
}

}  // namespace

std::vector<Context::Machine> RankPasses::machines(const Context::Machine& mine) {
  const nlohmann::json j = {mine.host, mine.cpu_model, mine.hardware_threads};
  std::vector<Context::Machine> out;
  for (const std::string& text : world_.gather(j.dump())) {
    const nlohmann::json m = nlohmann::json::parse(text);
    out.push_back({m[0].get<std::string>(), m[1].get<std::string>(), m[2].get<int>()});
    hosts_.push_back(out.back().host);
  }
  return out;
}

bool RankPasses::all_fine(const std::string& error) {
  int fine = 1;
  const std::vector<std::string> errors = world_.gather(error);
  for (std::size_t r = 0; r < errors.size(); ++r) {
    if (errors[r].empty()) continue;
    Messages(err_, "run")
        .errorf("rank %zu (%s): %s", r, r < hosts_.size() ? hosts_[r].c_str() : "?", errors[r].c_str());
    fine = 0;
  }
  fine = world_.broadcast(fine);
  failed_ |= !fine;
  return fine;
}

bool RankPasses::measure_together(const std::function<MeasuredPass(ChunkDealer*)>& measure_share,
                                  const std::atomic<bool>& interrupted, MeasuredPass& pass) {
  world_.barrier();
  double dealing_cpu_seconds = 0, waiting_cpu_seconds = 0;
  const std::string error = measure_dealt(
      world_,
      [&](ChunkDealer& dealer) {
        try {
          pass = measure_share(&dealer);
        } catch (const IoError& e) {
          return std::string(e.what());
        } catch (const plugin::SolverFault& e) {  // a plugin that crashed on this rank: named like an input error
          return std::string(e.what());
        }
        return std::string();
      },
      dealing_cpu_seconds, waiting_cpu_seconds);
  pass.figures[Fig::dealing_cpu_seconds] = dealing_cpu_seconds;
  pass.figures[Fig::waiting_cpu_seconds] = waiting_cpu_seconds;
  return finish_pass(error, interrupted.load(), pass);
}

bool RankPasses::finish_pass(const std::string& error, bool interrupted, MeasuredPass& pass) {
  // Rank 0 receives, of every rank: its error ("" when none), a row of numbers (part_figures), and
  // its distributions summed with every other's (summed_buckets); its own pass stands for what
  // they share. Nothing it receives grows with the pass, and only the rows with the ranks.
  std::array<std::vector<Histogram::Bucket>, 3> buckets;
  if (error.empty())
    for (std::size_t d = 0; d < buckets.size(); ++d) buckets[d] = std::exchange(distributions(pass)[d]->buckets, {});
  std::vector<double> row = part_figures(pass);
  row.push_back(interrupted);
  const std::vector<std::string> errors = world_.gather(error);
  const std::vector<double> rows = world_.gather_rows(row);
  std::array<std::vector<Histogram::Bucket>, 3> summed;
  for (std::size_t d = 0; d < buckets.size(); ++d) summed[d] = summed_buckets(world_, buckets[d]);
  int decision = 0;  // 0: go on, 1: some rank was interrupted, 2: some rank failed
  if (leader()) {
    for (std::size_t r = 0; r < errors.size(); ++r)
      if (!errors[r].empty()) {
        Messages(err_, "run")
            .errorf("rank %zu (%s): %s", r, r < hosts_.size() ? hosts_[r].c_str() : "?", errors[r].c_str());
        decision = 2;
      }
    if (decision < 2) {
      std::vector<MeasuredPass> parts;
      std::vector<int> ranks;
      try {
        for (std::size_t r = 0; r < errors.size(); ++r) {
          const auto at = rows.begin() + static_cast<std::ptrdiff_t>(r * row.size());
          if (*(at + static_cast<std::ptrdiff_t>(row.size()) - 1) != 0) decision = 1;
          parts.push_back(part_of(pass, std::vector<double>(at, at + static_cast<std::ptrdiff_t>(row.size()) - 1)));
          ranks.push_back(static_cast<int>(r));
        }
        pass = combine_parts(parts, hosts_, ranks, Timing::ranks);
        for (std::size_t d = 0; d < summed.size(); ++d)
          *distributions(pass)[d] = with_buckets(*distributions(pass)[d], summed[d]);
      } catch (const std::invalid_argument& e) {
        // Ranks started with different command lines (mpirun's MPMD form) measured different passes.
        Messages(err_, "run").errorf("the ranks measured different passes: %s", e.what());
        decision = 2;
      }
    }
  }
  decision = world_.broadcast(decision);
  failed_ |= decision == 2;
  return decision == 0;
}

PassMeasuring::Measured RankPasses::measure(const std::function<MeasuredPass(ChunkDealer*)>& measure_share,
                                            const std::atomic<bool>& interrupted, MeasuredPass& pass,
                                            std::optional<plugin::SolverFault>&, std::optional<IoError>&) {
  stopped_ = !measure_together(measure_share, interrupted, pass);
  if (failed_) return Measured::failed;
  return leader() ? Measured::kept : Measured::elsewhere;
}

int RankPasses::open_inputs(const std::vector<std::string>& files, std::map<std::string, FileIdentity>& identities) {
  std::string unreadable;
  try {
    note_identities(files, identities);
  } catch (const IoError& e) {
    unreadable = e.what();
  }
  if (!all_fine(unreadable) || !all_fine(differing_inputs(files))) return agree(kExitIo);
  return kExitOk;
}

std::string RankPasses::differing_inputs(const std::vector<std::string>& files) {
  std::string mine;
  for (const std::string& f : files) {
    try {
      mine += f + "\t" + (read_once(f) ? std::string("-") : sample_fingerprint(f)) + "\n";
    } catch (const IoError& e) {
      mine += f + "\t" + e.reason() + "\n";
    }
  }
  const std::vector<std::string> all = world_.gather(mine);
  std::string differ;
  const auto line = [](const std::string& text, std::size_t i) {
    std::size_t from = 0;
    for (; i > 0; --i) from = text.find('\n', from) + 1;
    return text.substr(from, text.find('\n', from) - from);
  };
  // A line is "PATH\tSIZE:HASH": ranks started with other paths (MPMD) are told apart from ranks
  // reading other bytes under one path.
  for (std::size_t r = 1; r < all.size(); ++r)
    for (std::size_t f = 0; f < files.size(); ++f) {
      const std::string theirs = line(all[r], f), ours = line(all[0], f);
      if (theirs == ours) continue;
      const std::string their_path = theirs.substr(0, theirs.find('\t')), our_path = files[f];
      differ += (differ.empty() ? "" : "; ") +
                (their_path == our_path
                     ? our_path + " is not the same file on rank " + std::to_string(r)
                     : "rank " + std::to_string(r) + " reads " + their_path + " where rank 0 reads " + our_path) +
                " (size:hash " + theirs.substr(theirs.find('\t') + 1) + " on rank " + std::to_string(r) + ", " +
                ours.substr(ours.find('\t') + 1) + " on rank 0): every rank must read the same bytes";
    }
  return differ;
}

}  // namespace sudoku_bench
