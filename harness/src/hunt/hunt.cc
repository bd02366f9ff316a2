#include "hunt/hunt.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

#include "sudoku/generate.h"
#include "sudoku/random_puzzle.h"
#include "sudoku/split_mix64.h"
#include "sudoku/symmetry.h"

namespace sudoku_bench {
namespace {

using Clock = std::chrono::steady_clock;

using Stream = sudoku::SplitMix64;

// An independent seed for stream `index` of `seed`: one per evaluation (random) or per walker and
// restart (climb), so that what a stream draws never depends on which thread ran it.
std::uint64_t derive(std::uint64_t seed, std::uint64_t index) { return Stream(seed ^ Stream(index).next()).next(); }

bool same_puzzle(const sudoku::Grid& a, const sudoku::Grid& b) {
  return a.box == b.box && std::memcmp(a.cells.data(), b.cells.data(), static_cast<std::size_t>(a.cell_count())) == 0;
}

CountClass class_of(const sudoku::SolveResult& r) {
  if (r.aborted) return kAborted;
  return r.solutions == 0 ? kNone : r.solutions == 1 ? kUnique : kMultiple;
}

// The K best distinct puzzles seen. Offers that cannot enter cost one comparison with the worst
// kept; climbs revisit puzzles, so an entry is checked against the kept ones before it goes in.
class TopList {
 public:
  explicit TopList(std::size_t k) : k_(k) { items_.reserve(k); }

  void offer(const Found& f) {
    if (k_ == 0) return;
    if (items_.size() == k_ && !ranks_before(f, items_[worst_])) return;
    for (Found& kept : items_)
      if (same_puzzle(kept.puzzle, f.puzzle)) {
        if (ranks_before(f, kept)) kept = f;  // a re-timed puzzle keeps its longest time
        find_worst();
        return;
      }
    if (items_.size() < k_)
      items_.push_back(f);
    else
      items_[worst_] = f;
    find_worst();
  }

  const std::vector<Found>& items() const { return items_; }

 private:
  void find_worst() {
    worst_ = 0;
    for (std::size_t i = 1; i < items_.size(); ++i)
      if (ranks_before(items_[worst_], items_[i])) worst_ = i;
  }

  std::size_t k_;
  std::vector<Found> items_;
  std::size_t worst_ = 0;
};

// Everything one worker (random) or walker (climb) owns, so that the hot path shares nothing but
// two counters the monitoring thread reads.
struct alignas(64) Worker {
  explicit Worker(const sudoku::SolverFactory& factory, std::size_t top) : solver(factory.make()), top(top) {}

  std::unique_ptr<sudoku::Solver> solver;
  sudoku::Grid solution;
  TopList top;
  std::array<std::optional<Found>, 3> largest;
  std::array<std::uint64_t, 4> counts{};
  std::vector<Improvement> improvements;
  std::uint64_t best = 0;
  std::atomic<std::uint64_t> evaluations{0};  // written by the worker only; read for progress
  std::atomic<std::uint64_t> best_seen{0};
  std::mutex finds;  // over top, largest, counts and improvements, while they are shared (Hunt::share_finds)
};

// Shared, read-only while the workers run (but for the stop flag and the batch counter).
struct Hunt {
  const HuntOptions& options;
  std::vector<std::unique_ptr<Worker>>& workers;
  Clock::time_point started;
  std::atomic<bool> stop{false};
  std::atomic<std::uint64_t> next_batch{0};  // random: the next evaluation index to claim
  bool share_finds = false;                  // the calling thread reads the finds as they grow

  std::uint64_t evaluations_so_far() const {
    std::uint64_t n = 0;
    for (const auto& w : workers) n += w->evaluations.load(std::memory_order_relaxed);
    return n;
  }
};

// Solves a puzzle exactly as `run` does (limit 2, the node limit, no symmetry), so that its
// tree size is the one `run` and `solve` will report for it.
struct Evaluate {
  const Hunt& hunt;
  Found operator()(Worker& w, const sudoku::Grid& puzzle) const {
    sudoku::SolveOptions options;
    options.max_solutions = 2;
    options.max_nodes = hunt.options.node_limit;
    // The hunt's end (a bound, a signal, a failed worker) stops the evaluations in progress too,
    // within 256 nodes: one 25x25 search may otherwise run for minutes past it.
    options.stop = &hunt.stop;
    Found f;
    f.puzzle = puzzle;
    const auto t0 = Clock::now();
    f.result = w.solver->solve(puzzle, options, &w.solution);
    f.time_ns =
        static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t0).count());
    f.measure = hunt.options.by == HuntMeasure::nodes ? f.result.nodes : f.time_ns;
    return f;
  }
};

// Counts an evaluation and keeps it where it ranks.
struct Record {
  const Hunt& hunt;
  void operator()(Worker& w, const Found& f) const {
    // Stopped by the hunt's end, not by its node limit: a partial tree measures nothing.
    if (f.result.aborted && hunt.stop.load(std::memory_order_relaxed)) return;
    std::unique_lock lock(w.finds, std::defer_lock);
    if (hunt.share_finds) lock.lock();  // uncontended but for a snapshot every kFindsEverySeconds
    const CountClass c = class_of(f.result);
    ++w.counts[c];
    if (c != kAborted) {
      auto& largest = w.largest[static_cast<std::size_t>(c)];
      if (!largest || ranks_before(f, *largest)) largest = f;
    }
    // With --unique the best so far is the top list's: of unique puzzles only.
    if (!hunt.options.unique || c == kUnique) keep(w, f);
    w.evaluations.store(w.evaluations.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }

  void keep(Worker& w, const Found& f) const {
    w.top.offer(f);
    if (f.measure > w.best) {
      // Rare, so the clock and the other workers' counters are read only here.
      w.best = f.measure;
      w.best_seen.store(f.measure, std::memory_order_relaxed);
      w.improvements.push_back({std::chrono::duration<double>(Clock::now() - hunt.started).count(),
                                hunt.evaluations_so_far() + 1, f.measure});
    }
  }
};

// Norvig's experiment: evaluation i solves random puzzle i of the seed. Workers claim indices in
// small batches, so a bounded hunt evaluates exactly 0..N-1 whatever the scheduling.
struct RandomSearch {
  Hunt& hunt;
  void operator()(Worker& w) const {
    constexpr std::uint64_t kBatch = 16;  // one atomic add per 16 solves
    const HuntOptions& o = hunt.options;
    sudoku::RandomPuzzleOptions shape;
    shape.box = o.box;
    const Evaluate evaluate{hunt};
    const Record record{hunt};
    while (!hunt.stop.load(std::memory_order_relaxed)) {
      const std::uint64_t begin = hunt.next_batch.fetch_add(kBatch, std::memory_order_relaxed);
      if (o.evaluations > 0 && begin >= o.evaluations) return;
      const std::uint64_t end = o.evaluations > 0 ? std::min(begin + kBatch, o.evaluations) : begin + kBatch;
      for (std::uint64_t i = begin; i < end && !hunt.stop.load(std::memory_order_relaxed); ++i)
        record(w, evaluate(w, sudoku::random_puzzle(shape, derive(o.seed, i))));
    }
  }
};

// Candidates for `cell` that no given in its row, column or box rules out.
std::uint32_t open_digits(const sudoku::Grid& g, int cell) {
  const int side = g.side(), box = g.box, row = cell / side, col = cell % side;
  const int r0 = row / box * box, c0 = col / box * box;
  std::uint32_t used = 0;
  for (int i = 0; i < side; ++i) {
    used |= 1u << g.cells[static_cast<std::size_t>(row * side + i)];
    used |= 1u << g.cells[static_cast<std::size_t>(i * side + col)];
    used |= 1u << g.cells[static_cast<std::size_t>((r0 + i / box) * side + c0 + i % box)];
  }
  return ~used & (((1u << side) - 1) << 1);  // bit d for digit d; bit 0 (blank) never
}

std::uint8_t pick_digit(std::uint32_t mask, Stream& rng) {
  for (std::uint32_t k = rng.below(static_cast<std::uint32_t>(std::popcount(mask))); k > 0; --k) mask &= mask - 1;
  return static_cast<std::uint8_t>(std::countr_zero(mask));
}

// One move of the climb: add a given, remove one or change one's digit, equally likely. Added and
// changed digits avoid clashing with a given in sight: a clash only makes a puzzle with no
// solution that propagation refutes at once, a step wasted.
sudoku::Grid mutate(const sudoku::Grid& from, Stream& rng) {
  const int cells = from.cell_count();
  for (;;) {
    sudoku::Grid g = from;
    const int kind = static_cast<int>(rng.below(3));
    const int cell = static_cast<int>(rng.below(static_cast<std::uint32_t>(cells)));
    // A cell of the wrong sort for the move is drawn again with another move: every move stays
    // uniform over its own cells.
    const bool given = g.cells[static_cast<std::size_t>(cell)] != 0;
    if (kind == 0 && !given) {
      const std::uint32_t open = open_digits(g, cell);
      if (open == 0) continue;
      g.cells[static_cast<std::size_t>(cell)] = pick_digit(open, rng);
      return g;
    }
    if (kind == 1 && given) {
      g.cells[static_cast<std::size_t>(cell)] = 0;
      return g;
    }
    if (kind == 2 && given) {
      g.cells[static_cast<std::size_t>(cell)] = 0;
      const std::uint32_t open = open_digits(g, cell) & ~(1u << from.cells[static_cast<std::size_t>(cell)]);
      if (open == 0) continue;
      g.cells[static_cast<std::size_t>(cell)] = pick_digit(open, rng);
      return g;
    }
  }
}

// One move of a --unique climb, which keeps uniqueness where it can: a random Sudoku symmetry
// (an eighth of the moves: the same puzzle up to isomorphism, whose tree differs for every solver
// whose search order depends on the layout), or a move that keeps the solution: remove a given,
// or move one, blanking a given and giving another cell its digit of the solution. Moves that
// clash or change a digit all but always lose uniqueness, and adding a given all but always
// shrinks the tree: with those a unique climb from generated puzzles stalled near 1,300 nodes for
// bitmask in 600 s (166 million evaluations, nearly all rejected). Without the symmetry, a climb
// for fast from the 20 hardest bundled puzzles found none harder than its start in 600 s: their
// neighbours under the other moves are nearly all of several solutions.
sudoku::Grid mutate_keeping(const sudoku::Grid& from, const sudoku::Grid& solution, Stream& rng) {
  if (rng.below(8) == 0) {
    sudoku::Grid g;
    sudoku::apply(sudoku::random_symmetry(from.box, rng.next()), from, g);
    return g;
  }
  const auto cells = static_cast<std::uint32_t>(from.cell_count());
  const auto draw = [&](bool given) {
    for (;;) {
      const std::uint32_t cell = rng.below(cells);
      if ((from.cells[cell] != 0) == given) return cell;
    }
  };
  sudoku::Grid g = from;
  std::uint32_t givens = 0;
  for (std::uint32_t c = 0; c < cells; ++c) givens += from.cells[c] != 0;
  if (givens == 0) return g;
  g.cells[draw(true)] = 0;
  if (rng.below(3) != 0 && givens < cells) {
    const std::uint32_t cell = draw(false);
    g.cells[cell] = solution.cells[cell];
  }
  return g;
}

// Local search: walker w climbs from a start puzzle by single-given moves, keeping a move whose
// measure is at least the current one. Equal moves are kept so that the walk crosses the plateaus
// where most moves leave the tree as it was; a walk whose best has not grown for restart_after
// steps starts again from a fresh puzzle. Walker w's path depends on (seed, w) and its share of
// the evaluations only.
struct Climb {
  Hunt& hunt;
  void operator()(Worker& w, std::size_t index, std::size_t walkers) const {
    const HuntOptions& o = hunt.options;
    const std::uint64_t budget =
        o.evaluations == 0 ? ~std::uint64_t{0} : o.evaluations / walkers + (index < o.evaluations % walkers ? 1 : 0);
    const std::uint64_t walker_seed = derive(o.seed, index);
    Stream rng(derive(walker_seed, ~std::uint64_t{0}));
    std::unique_ptr<sudoku::PuzzleGenerator> generator;
    if (o.unique && o.starts.empty())
      generator = std::make_unique<sudoku::PuzzleGenerator>(sudoku::GenerateOptions{.box = o.box, .seed = walker_seed});
    sudoku::RandomPuzzleOptions shape;
    shape.box = o.box;
    const Evaluate evaluate{hunt};
    const Record record{hunt};
    const auto fits = [&](const Found& f) { return !o.unique || class_of(f.result) == kUnique; };
    sudoku::Grid solution;
    std::uint64_t done = 0;
    const auto more = [&] { return done < budget && !hunt.stop.load(std::memory_order_relaxed); };
    for (std::uint64_t restart = 0; more(); ++restart) {
      const sudoku::Grid start = !o.starts.empty() ? o.starts[(index + restart * walkers) % o.starts.size()]
                                 : generator       ? generator->make(restart)
                                                   : sudoku::random_puzzle(shape, derive(walker_seed, restart));
      Found current = evaluate(w, start);
      record(w, current);
      ++done;
      if (!fits(current)) continue;
      solution = w.solution;  // unique with --unique: the solution the moves keep
      // Moves never lower the measure, so the current puzzle is always the walk's best.
      std::uint64_t stale = 0;  // steps since it last grew
      while (stale < o.restart_after && more()) {
        const Found next =
            evaluate(w, o.unique ? mutate_keeping(current.puzzle, solution, rng) : mutate(current.puzzle, rng));
        record(w, next);
        ++done;
        ++stale;
        if (!fits(next) || next.measure < current.measure) continue;
        if (next.measure > current.measure) stale = 0;
        current = next;
        if (o.unique) solution = w.solution;  // a symmetry moved it
      }
    }
  }
};

// The rises of the best over all workers, in time order, thinned to about `rows` evenly spread
// ones (the first and the last always kept).
std::vector<Improvement> merge_improvements(const std::vector<std::unique_ptr<Worker>>& workers, std::size_t rows) {
  std::vector<Improvement> all;
  for (const auto& w : workers) all.insert(all.end(), w->improvements.begin(), w->improvements.end());
  std::sort(all.begin(), all.end(), [](const Improvement& a, const Improvement& b) {
    return a.seconds != b.seconds ? a.seconds < b.seconds : a.measure < b.measure;
  });
  std::vector<Improvement> rises;
  for (const Improvement& i : all)
    if (rises.empty() || i.measure > rises.back().measure) rises.push_back(i);
  if (rises.size() <= rows) return rises;
  std::vector<Improvement> thinned;
  for (std::size_t k = 0; k < rows; ++k) thinned.push_back(rises[k * (rises.size() - 1) / (rows - 1)]);
  return thinned;
}

}  // namespace

bool ranks_before(const Found& a, const Found& b) {
  if (a.measure != b.measure) return a.measure > b.measure;
  return std::memcmp(a.puzzle.cells.data(), b.puzzle.cells.data(), static_cast<std::size_t>(a.puzzle.cell_count())) < 0;
}

namespace {

// The workers' finds, into one result; `locked`: while they still run.
HuntResult gather_workers(const std::vector<std::unique_ptr<Worker>>& workers, std::size_t top_size, bool locked) {
  std::vector<std::unique_lock<std::mutex>> locks;
  if (locked)
    for (const auto& w : workers) locks.emplace_back(w->finds);
  HuntResult result;
  TopList top(top_size);
  for (const auto& w : workers) {
    for (const Found& f : w->top.items()) top.offer(f);
    for (std::size_t c = 0; c < 3; ++c)
      if (w->largest[c] && (!result.largest[c] || ranks_before(*w->largest[c], *result.largest[c])))
        result.largest[c] = w->largest[c];
    for (std::size_t c = 0; c < 4; ++c) result.counts[c] += w->counts[c];
    result.evaluations += w->evaluations.load();
  }
  result.top = top.items();
  std::sort(result.top.begin(), result.top.end(), ranks_before);
  result.improvements = merge_improvements(workers, 20);
  return result;
}

void check_size(const sudoku::SolverFactory& factory, int box) {
  if (!factory.supports(box))
    throw std::invalid_argument(factory.name() + " does not solve " + std::to_string(box * box) + "x" +
                                std::to_string(box * box) + " puzzles");
  if (box < sudoku::kMinBox || box > sudoku::kMaxRandomBox)
    throw std::invalid_argument("box " + std::to_string(box) + " is not a size the hunt makes puzzles of (2 to " +
                                std::to_string(sudoku::kMaxRandomBox) + ")");
}

}  // namespace

HuntResult hunt(const sudoku::SolverFactory& factory, const HuntOptions& options, const std::atomic<bool>& interrupt,
                const std::function<void(const HuntTick&)>& tick, const std::function<void(const HuntResult&)>& finds) {
  check_size(factory, options.box);
  const int threads = options.threads.get();
  std::vector<std::unique_ptr<Worker>> workers;
  for (int i = 0; i < threads; ++i) workers.push_back(std::make_unique<Worker>(factory, options.top));
  Hunt h{options, workers, Clock::now()};
  h.share_finds = static_cast<bool>(finds);

  // One thread per worker, each running its loop until the hunt ends: nothing to split or
  // balance, so a task pool adds nothing, and TBB's hand-over of tasks inside libtbb, which
  // ThreadSanitizer does not see, made it report races between one hunt's tasks and the next's
  // stack. This thread watches the clock and the signals meanwhile.
  std::vector<std::exception_ptr> failures(workers.size());
  std::atomic<std::size_t> running{workers.size()};
  std::vector<std::thread> threads_of;
  for (std::size_t i = 0; i < workers.size(); ++i) {
    threads_of.emplace_back([&, i] {
      try {
        if (options.method == HuntMethod::random)
          RandomSearch{h}(*workers[i]);
        else
          Climb{h}(*workers[i], i, workers.size());
      } catch (...) {
        failures[i] = std::current_exception();
        h.stop.store(true);
      }
      running.fetch_sub(1, std::memory_order_release);
    });
  }
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - h.started).count(); };
  double finds_at = 0;
  while (running.load(std::memory_order_acquire) > 0) {
    if (finds && elapsed() - finds_at >= kFindsEverySeconds) {
      finds_at = elapsed();
      HuntResult so_far = gather_workers(workers, options.top, true);
      so_far.seconds = finds_at;
      so_far.threads = threads;
      finds(so_far);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (interrupt.load(std::memory_order_relaxed) || (options.seconds > 0 && elapsed() >= options.seconds))
      h.stop.store(true, std::memory_order_relaxed);
    if (tick) {
      std::uint64_t best = 0;
      for (const auto& w : workers) best = std::max(best, w->best_seen.load(std::memory_order_relaxed));
      tick({h.evaluations_so_far(), best, elapsed()});
    }
  }
  for (std::thread& t : threads_of) t.join();
  for (const std::exception_ptr& failure : failures)
    if (failure) std::rethrow_exception(failure);

  HuntResult result = gather_workers(workers, options.top, false);
  result.seconds = elapsed();
  result.threads = threads;
  return result;
}

}  // namespace sudoku_bench
