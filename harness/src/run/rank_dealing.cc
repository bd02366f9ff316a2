#include "run/rank_dealing.h"

#include <time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "cluster/rank_counters.h"
#include "run/interrupt.h"
#include "stream/puzzle_clock.h"

namespace sudoku_bench {
namespace {

// Between the pipeline's reader (next, on a TBB thread) and the main thread: deals in, requests out.
// A jumpable input's next deal is asked for as soon as one is taken, so that it is there when needed.
class Mailbox final : public ChunkDealer {
 public:
  // Where MPI may be called from any thread (World::any_thread), the reader takes its deals itself:
  // no handoff to the main thread, whose two wakes cost more than the deal.
  explicit Mailbox(std::function<std::optional<Deal>(const DealRequest&)> direct) : direct_(std::move(direct)) {}

  std::optional<Deal> next(const DealRequest& request) override {
    if (direct_) return direct_(request);
    std::unique_lock lock(mutex_);
    if (deals_.empty() && !ended_ && !asked_) want(request);
    ready_.wait(lock, [&] { return !deals_.empty() || ended_; });
    if (deals_.empty()) return std::nullopt;
    const Deal deal = deals_.front();
    deals_.pop_front();
    if (request.chunks > 0 && deals_.empty() && !ended_ && !asked_) want(request);
    return deal;
  }

  // The main thread's wait between looks at the counters: `most` at most, less when this rank's reader
  // wants a deal or its measuring ends (wake()), so that neither waits for the next look.
  void wait(std::chrono::nanoseconds most) {
    std::unique_lock lock(mutex_);
    if (!woken_) local_.wait_for(lock, most, [&] { return woken_; });
    woken_ = false;
  }
  void wake() {
    {
      std::lock_guard lock(mutex_);
      woken_ = true;
    }
    local_.notify_one();
  }

  // The main thread's side: a request to deal for (once), then its answer.
  std::optional<DealRequest> take_wanted() {
    std::lock_guard lock(mutex_);
    std::optional<DealRequest> w = std::exchange(wanted_, std::nullopt);
    if (w) asked_ = true;
    return w;
  }
  void answer(const std::optional<Deal>& deal) {
    {
      std::lock_guard lock(mutex_);
      asked_ = false;
      if (deal)
        deals_.push_back(*deal);
      else
        ended_ = true;
    }
    ready_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Deal> deals_;
  void want(const DealRequest& request) {  // under the lock
    wanted_ = request;
    woken_ = true;
    local_.notify_one();
  }

  std::function<std::optional<Deal>(const DealRequest&)> direct_;
  std::condition_variable local_;  // the main thread's wait
  std::optional<DealRequest> wanted_;
  bool asked_ = false;  // a request is out, unanswered
  bool ended_ = false;
  bool woken_ = false;
};

// The ranks' counters (cluster/rank_counters.h: one-sided atomics on a window at rank 0) as
// RankDeals uses them: one thread at a time in MPI.
class SerializedCounters final : public SharedCounters {
 public:
  explicit SerializedCounters(RankCounters& counters) : counters_(counters) {}
  std::int64_t fetch_add(int i, std::int64_t add) override {
    std::lock_guard lock(mpi_);
    return counters_.fetch_add(i, add);
  }
  std::int64_t fetch_max(int i, std::int64_t value) override {
    std::lock_guard lock(mpi_);
    return counters_.fetch_max(i, value);
  }
  void progress() {
    std::lock_guard lock(mpi_);
    counters_.progress();
  }
  // 50 us, twice as long each try, up to 10 ms, MPI progressed meanwhile.
  void pause(int tries) override {
    progress();
    const timespec pause{0, std::min(50'000L << std::min(tries - 1, 8), 10'000'000L)};
    nanosleep(&pause, nullptr);
  }

 private:
  RankCounters& counters_;
  std::mutex mpi_;  // one thread at a time in MPI (MPI_THREAD_SERIALIZED)
};

// How long the main thread sleeps between looks at the shared counters while this rank measures:
// 50 us after a deal it handed over, twice as long after each look that found nothing to do, up to
// 10 ms. Where it hands deals (MPI_THREAD_FUNNELED only), its reader's want of a deal, or the end
// of its measuring, wakes it at once (Mailbox::wake), so that no deal waits for a look; the looks are for an interrupt
// on another rank (kSignalCounter, seen within 10 ms) and, over a transport without remote atomics, for the other
// ranks' deals, which rank 0 completes when it calls into MPI (RankCounters::progress). A wake costs 8-18 us of CPU
// under a hypervisor (Intel Xeon f6 m207 KVM guest): 100 a second is ~0.1% of a core. Where rank 0 serves the counters
// (across machines without one-sided atomics: World::one_sided), its looks are 1 ms apart at most, each deal of another
// rank waiting for one.
class Pause {
 public:
  explicit Pause(long most_ns) : most_ns_(most_ns) {}
  void busy() { ns_ = kFirstNs; }
  void idle(Mailbox& mailbox) {
    mailbox.wait(std::chrono::nanoseconds(ns_));
    ns_ = std::min(ns_ * 2, most_ns_);
  }

 private:
  static constexpr long kFirstNs = 50'000;
  long most_ns_;
  long ns_ = kFirstNs;
};

class Dealing {
 public:
  Dealing(World& world, RankCounters& counters)
      : world_(world),
        counters_(counters),
        deals_(counters_, world.rank(), world.size()),
        mailbox_(world.any_thread() ? std::function<std::optional<Deal>(const DealRequest&)>(
                                          [this](const DealRequest& request) { return take(request); })
                                    : nullptr) {}

  // The pass on its own thread, deals taken for it by this (the main) thread; returns once this
  // rank's measuring is over, its error (or "").
  std::string run(const std::function<std::string(ChunkDealer&)>& measure) {
    std::string error;
    std::atomic<bool> measured{false};
    std::thread pass([&] {
      error = measure(mailbox_);
      measured.store(true, std::memory_order_release);
      mailbox_.wake();
    });
    Pause pause(!world_.one_sided() && world_.rank() == 0 ? 1'000'000 : 10'000'000);
    for (;;) {
      const bool done = measured.load(std::memory_order_acquire);
      bool busy = false;
      if (const std::optional<DealRequest> wanted = mailbox_.take_wanted()) {
        mailbox_.answer(take(*wanted));
        busy = true;
      }
      busy |= pass_interrupts();
      if (done) break;
      counters_.progress();
      if (busy)
        pause.busy();
      else
        pause.idle(mailbox_);
    }
    pass.join();
    if (!error.empty()) stop();  // the pass is lost: the others end with the deals they hold
    return error.empty() ? deals_.problem() : error;
  }

  // Until every rank's measuring is over, asleep (World::barrier), passing interrupts still; the
  // other ranks' deals need this rank's calls into MPI over a transport without remote atomics.
  void wait_for_every_rank() {
    world_.barrier([&] {
      counters_.progress();
      pass_interrupts();
    });
  }

 private:
  std::optional<Deal> take(const DealRequest& request) {
    std::lock_guard lock(deals_mutex_);
    return deals_.deal(request, elapsed());
  }
  void stop() {
    std::lock_guard lock(deals_mutex_);
    deals_.stop();
  }
  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - began_).count(); }

  // An interrupt here told to every rank (the first signal kept, and the dealing stopped), or one
  // from elsewhere taken as this rank's own: once. True when it did something.
  bool pass_interrupts() {
    if (interrupt_passed_) return false;
    if (interrupt_requested().load(std::memory_order_relaxed)) {
      counters_.fetch_max(kSignalCounter, std::max(interrupt_signal(), 1));
      stop();
      return interrupt_passed_ = true;
    }
    if (const std::int64_t signal = counters_.fetch_add(kSignalCounter, 0); signal > 0) {
      interrupt_from_elsewhere(static_cast<int>(signal));
      return interrupt_passed_ = true;
    }
    return false;
  }

  World& world_;
  SerializedCounters counters_;
  std::mutex deals_mutex_;  // deals_ between the reader (taking deals) and the main thread (stopping them)
  RankDeals deals_;
  std::chrono::steady_clock::time_point began_ = std::chrono::steady_clock::now();
  Mailbox mailbox_;
  bool interrupt_passed_ = false;
};

}  // namespace

std::string measure_dealt(World& world, const std::function<std::string(ChunkDealer&)>& measure,
                          double& dealing_cpu_seconds, double& waiting_cpu_seconds) {
  const double start = cpu_clock_seconds(CLOCK_THREAD_CPUTIME_ID);
  RankCounters counters(world, kDealCounters);
  std::string error;
  {
    Dealing dealing(world, counters);
    error = dealing.run(measure);
    dealing_cpu_seconds = cpu_clock_seconds(CLOCK_THREAD_CPUTIME_ID) - start;
    const double waiting_from = cpu_clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
    dealing.wait_for_every_rank();
    waiting_cpu_seconds = cpu_clock_seconds(CLOCK_PROCESS_CPUTIME_ID) - waiting_from;
  }
  counters.close();
  return error;
}

}  // namespace sudoku_bench
