#include "run/pass_measuring.h"

#include "cluster/world.h"
#include "run/exit_codes.h"
#include "run/rank_passes.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

// This process alone: it measures each pass whole (or the --shard it was given), and a fault or an
// input error ends the measuring with the passes before it kept.
class OneProcess final : public PassMeasuring {
 public:
  explicit OneProcess(std::FILE* err) : err_(err) {}

  bool split() const override { return false; }
  bool leader() const override { return true; }
  int ranks() const override { return 1; }
  Settings::Shard shard(Settings::Shard asked) const override { return asked; }
  std::vector<Context::Machine> machines(const Context::Machine&) override { return {}; }
  int agree(int status) override { return status; }

  int open_inputs(const std::vector<std::string>& files, std::map<std::string, FileIdentity>& identities) override {
    try {
      note_identities(files, identities);
    } catch (const IoError& e) {
      Messages(err_, "run").error(e.what());
      return kExitIo;
    }
    return kExitOk;
  }

  Measured measure(const std::function<MeasuredPass(ChunkDealer*)>& measure_share, const std::atomic<bool>&,
                   MeasuredPass& pass, std::optional<plugin::SolverFault>& fault,
                   std::optional<IoError>& input_error) override {
    try {
      pass = measure_share(nullptr);
      return Measured::kept;
    } catch (const plugin::SolverFault& f) {
      fault = f;
    } catch (const IoError& e) {
      input_error = e;
    }
    return Measured::lost;
  }

  bool halted(const std::atomic<bool>& interrupted) const override { return interrupted.load(); }

 private:
  std::FILE* err_;
};

}  // namespace

void note_identities(const std::vector<std::string>& files, std::map<std::string, FileIdentity>& identities) {
  for (const std::string& f : files)
    if (!read_once(f)) identities.emplace(f, InputFile(f).identity());
}

std::unique_ptr<PassMeasuring> pass_measuring(std::FILE* err) {
  World& world = World::current();
  if (world.size() > 1) return std::make_unique<RankPasses>(world, err);
  return std::make_unique<OneProcess>(err);
}

}  // namespace sudoku_bench
