// The `fast` strategy's options and the run-time choice of backend.
#include "strategies/fast/fast.h"

#include <cstddef>
#include <iterator>

#include "strategies/fast/backends.h"

namespace sudoku::detail {
namespace fast {

// In Isa's order.
constexpr const char* kIsaNames[] = {"scalar", "avx2", "avx512"};
static_assert(std::size(kIsaNames) == static_cast<std::size_t>(Isa::avx512) + 1);

const char* isa_name(Isa isa) { return kIsaNames[static_cast<std::size_t>(isa)]; }

// The SIMD backends are built whatever the build targets (their files carry their own flags), so a
// CPU check, not the compiler, decides whether one may run.
bool isa_available(Isa isa) {
  switch (isa) {
    case Isa::scalar:
      return true;
#if defined(SUDOKU_FAST_X86)
    case Isa::avx2:
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
             __builtin_cpu_supports("popcnt");
    case Isa::avx512:
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
             __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi") &&
             __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("avx512vpopcntdq") &&
             __builtin_cpu_supports("gfni") && __builtin_cpu_supports("bmi2");
#endif
    default:
      return false;
  }
}

namespace {

std::unique_ptr<Solver> make_solver(Isa isa) {
  switch (isa) {
#if defined(SUDOKU_FAST_X86)
    case Isa::avx512:
      return make_avx512_solver();
    case Isa::avx2:
      return make_avx2_solver();
#endif
    default:
      return make_scalar_solver();
  }
}

class FastFactory final : public SolverFactory {
 public:
  FastFactory(Isa isa, bool explicit_isa) : isa_(isa), explicit_(explicit_isa) {}
  std::string name() const override {
    std::string n = "fast";
    if (explicit_) n.append(":").append(isa_name(isa_));
    return n;
  }
  std::string implementation() const override { return std::string("fast:") + isa_name(isa_); }
  bool supports(int box) const override { return box == 3; }
  std::unique_ptr<Solver> make() const override { return make_solver(isa_); }

 private:
  Isa isa_;
  bool explicit_;
};

}  // namespace
}  // namespace fast

std::unique_ptr<SolverFactory> make_fast_factory(const std::string_view* options, std::string& error) {
  using fast::Isa;
  if (!options) {
    for (Isa isa : {Isa::avx512, Isa::avx2, Isa::scalar})
      if (fast::isa_available(isa)) return std::make_unique<fast::FastFactory>(isa, false);
  }
  for (Isa isa : {Isa::scalar, Isa::avx2, Isa::avx512}) {
    if (*options != fast::isa_name(isa)) continue;
    if (!fast::isa_available(isa)) {
      error = "this CPU or build has no ";
      error.append(fast::isa_name(isa)).append(" backend");
      return nullptr;
    }
    return std::make_unique<fast::FastFactory>(isa, true);
  }
  error = "unknown option '";
  error.append(*options).append("' (expected scalar, avx2 or avx512)");
  return nullptr;
}

}  // namespace sudoku::detail
