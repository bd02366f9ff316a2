#include "run/rank_dealing.h"

#include <time.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "run/interrupt.h"
#include "stream/puzzle_clock.h"

namespace sudoku_bench {
namespace {

// What a note says (World::Note::values[0]).
enum Kind : std::int64_t {
  kAsk = 1,    // to rank 0: chunks, kept_any, min_seconds (bits), finished (no deal wanted: close me)
  kDeal = 2,   // from rank 0: loop, begin, end, stride << 32 | offset, another deal follows
  kEnded = 3,  // from rank 0: nothing more for this pass
  kStop = 4,   // either way: an interrupt by this signal (0: a rank failed; rank 0 stops dealing)
};

World::Note ask_note(const DealRequest& r, bool finished) {
  return {
      0,
      {kAsk, static_cast<std::int64_t>(r.chunks), r.kept_any, std::bit_cast<std::int64_t>(r.min_seconds), finished, 0}};
}

DealRequest request_of(const World::Note& n) {
  return {static_cast<std::uint64_t>(n.values[1]), n.values[2] != 0, std::bit_cast<double>(n.values[3])};
}

// `follows`: another deal comes with this answer, so that the rank waits for it before it asks.
World::Note deal_note(const std::optional<Deal>& d, bool follows) {
  if (!d) return {0, {kEnded, 0, 0, 0, 0, 0}};
  return {0,
          {kDeal, d->loop, static_cast<std::int64_t>(d->begin), static_cast<std::int64_t>(d->end),
           static_cast<std::int64_t>(std::uint64_t{d->stride} << 32 | d->offset), follows}};
}

Deal deal_of(const World::Note& n) {
  Deal d;
  d.loop = static_cast<std::uint32_t>(n.values[1]);
  d.begin = static_cast<std::uint64_t>(n.values[2]);
  d.end = static_cast<std::uint64_t>(n.values[3]);
  d.stride = static_cast<std::uint32_t>(static_cast<std::uint64_t>(n.values[4]) >> 32);
  d.offset = static_cast<std::uint32_t>(n.values[4] & 0xffffffff);
  return d;
}

// Between the pipeline's reader (next, on a TBB thread) and the main thread: deals in, requests out.
// A jumpable input's next deal is asked for as soon as one is taken, so that it is there when needed.
class Mailbox final : public ChunkDealer {
 public:
  std::optional<Deal> next(const DealRequest& request) override {
    std::unique_lock lock(mutex_);
    if (deals_.empty() && !ended_ && !asked_) want(request);
    ready_.wait(lock, [&] { return !deals_.empty() || ended_; });
    if (deals_.empty()) return std::nullopt;
    const Deal deal = deals_.front();
    deals_.pop_front();
    if (request.chunks > 0 && deals_.empty() && !ended_ && !asked_) want(request);
    return deal;
  }

  // The main thread's wait between looks at the mail: `most` at most, less when this rank's reader
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

  // The main thread's side: a request to send (once), then its answer.
  std::optional<DealRequest> take_wanted() {
    std::lock_guard lock(mutex_);
    std::optional<DealRequest> w = std::exchange(wanted_, std::nullopt);
    if (w) asked_ = true;
    return w;
  }
  // `more`: another deal of the same answer is on its way (no request until it comes).
  void answer(const std::optional<Deal>& deal, bool more = false) {
    {
      std::lock_guard lock(mutex_);
      asked_ = more;
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

  std::condition_variable local_;  // the main thread's wait
  std::optional<DealRequest> wanted_;
  bool asked_ = false;  // a request is out, unanswered
  bool ended_ = false;
  bool woken_ = false;
};

// How long the main thread waits between looks at the mail: 0.1 ms after a note, then twice as
// long after each look that found none, up to `most`. A blocking MPI call would spin, so a rank
// that waits sleeps; a wake costs 8-18 us of CPU under a hypervisor (MPI_Iprobe itself 0.1 us:
// Intel Xeon f6 m207 KVM guest, Open MPI 4.1), so that a wait of 2 ms costs ~0.7% of a core and
// one of 20 ms ~0.07%. An answer waited for is late by at most `most`: 2 ms while a rank may ask
// (rank 0, while any rank measures) or waits for a deal (asked for before it is needed, so that
// its reader rarely waits at all); 20 ms while it waits for nothing but a stop or the pass's end.
// A local want (its reader's request, the end of its measuring) ends the wait at once.
class Pause {
 public:
  static constexpr long kAnswerNs = 2'000'000, kNothingNs = 20'000'000;

  void busy() { ns_ = kFirstNs; }
  void idle(Mailbox& mailbox, long most) {
    mailbox.wait(std::chrono::nanoseconds(std::min(ns_, most)));
    ns_ = std::min<long>(ns_ * 2, most);
  }

 private:
  static constexpr long kFirstNs = 100'000;
  long ns_ = kFirstNs;
};

class Dealing {
 public:
  explicit Dealing(World& world)
      : world_(world), dispenser_(world.size()), closed_(static_cast<std::size_t>(world.size()), false) {}

  std::string run(const std::function<std::string(ChunkDealer&)>& measure) {
    std::string error;
    std::atomic<bool> measured{false};
    std::thread pass([&] {
      error = measure(mailbox_);
      measured.store(true, std::memory_order_release);
      mailbox_.wake();
    });
    Pause pause;
    bool error_told = false;
    for (;;) {
      const bool done = measured.load(std::memory_order_acquire);
      bool busy = false;
      // The mail first: an answer just come lets a stop waiting for it go out before this rank, its
      // pass over, asks to be told that nothing more comes.
      World::Note note;
      while (world_.receive(note)) {
        handle(note);
        busy = true;
      }
      if (done && !error.empty() && !error_told) error_told = tell_stop(0);  // the pass is lost: the others soon end
      if (!interrupt_told_ && interrupt_requested().load(std::memory_order_relaxed))
        busy = interrupt_told_ = tell_stop(std::max(interrupt_signal(), 1));
      busy |= ask_or_deal();
      if (settled(done, (done && !error.empty() && !error_told) ||
                            (!interrupt_told_ && interrupt_requested().load(std::memory_order_relaxed))))
        break;
      if (busy)
        pause.busy();
      else
        pause.idle(mailbox_, awaits_notes() ? Pause::kAnswerNs : Pause::kNothingNs);
    }
    pass.join();
    return error.empty() && leader() ? dispenser_.problem() : error;
  }

 private:
  bool leader() const { return world_.rank() == 0; }
  // Whether a note is awaited soon: at rank 0, a request while any rank still measures; elsewhere,
  // the answer to a request for a deal (that its measuring is over can wait).
  bool awaits_notes() const {
    if (leader()) return !std::all_of(closed_.begin() + 1, closed_.end(), [](bool c) { return c; });
    return asked_ && !asked_finished_;
  }
  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - began_).count(); }

  // Whether this rank is done with the pass: its measuring over and, at rank 0, every rank told
  // that nothing more comes; elsewhere, told so itself (asking to be, once its measuring is over
  // and no stop of its own waits to be told).
  bool settled(bool measured, bool stop_untold) {
    if (!measured) return false;
    if (leader()) {
      mailbox_.answer(std::nullopt);  // its own reader may still wait, after an error
      return std::all_of(closed_.begin() + 1, closed_.end(), [](bool c) { return c; });
    }
    if (!closed_[0] && !asked_ && !stop_untold) {
      world_.send(0, ask_note({}, true));
      asked_ = asked_finished_ = true;
    }
    return closed_[0];
  }

  // Tells every rank to stop: an interrupt by `signal`, or with 0 that this rank failed (rank 0 then
  // deals no more, and the others end with what they hold). Rank 0 tells the ranks still measuring;
  // another rank tells rank 0, only while no request of its own is unanswered (rank 0 has then not
  // told it that nothing more comes, so the note cannot outlive the pass). True once told, or when
  // there is no one left to tell.
  bool tell_stop(int signal) {
    if (leader()) {
      dispenser_.stop();
      if (signal > 0)
        for (int r = 1; r < world_.size(); ++r)
          if (!closed_[static_cast<std::size_t>(r)]) world_.send(r, {0, {kStop, signal, 0, 0, 0, 0}});
      return true;
    }
    if (closed_[0]) return true;
    if (asked_) return false;
    world_.send(0, {0, {kStop, signal, 0, 0, 0, 0}});
    return true;
  }

  // This rank's reader wants a deal: rank 0 deals to itself, another rank asks rank 0.
  bool ask_or_deal() {
    const std::optional<DealRequest> wanted = mailbox_.take_wanted();
    if (!wanted) return false;
    if (leader()) {
      mailbox_.answer(dispenser_.deal(0, *wanted, elapsed()));
    } else if (closed_[0]) {
      mailbox_.answer(std::nullopt);
    } else {
      world_.send(0, ask_note(*wanted, false));
      asked_ = true;
    }
    return true;
  }

  void handle(const World::Note& note) {
    const std::int64_t kind = note.values[0];
    if (kind == kStop) {
      if (note.values[1] > 0 && !interrupt_requested().load()) {
        interrupt_from_elsewhere(static_cast<int>(note.values[1]));
        interrupt_told_ = !leader();  // rank 0 passes it on to every rank
      }
      if (leader()) dispenser_.stop();
    } else if (kind == kAsk && leader()) {
      // Two deals of ranges a request: the second keeps the rank busy while it asks for more, so
      // that rank 0's looks at the mail, 2 ms apart at most, seldom leave it waiting.
      const auto rank = static_cast<std::size_t>(note.from);
      const DealRequest request = request_of(note);
      std::optional<Deal> deal, then;
      if (!note.values[4] && !closed_[rank]) deal = dispenser_.deal(note.from, request, elapsed());
      if (deal && request.chunks > 0) then = dispenser_.deal(note.from, request, elapsed());
      closed_[rank] = closed_[rank] || !deal;
      world_.send(note.from, deal_note(deal, then.has_value()));
      if (then) world_.send(note.from, deal_note(then, false));
    } else if (kind == kDeal || kind == kEnded) {
      asked_ = kind == kDeal && note.values[5] != 0;  // the answer's second deal is on its way
      closed_[0] = kind == kEnded;
      mailbox_.answer(kind == kDeal ? std::optional<Deal>(deal_of(note)) : std::nullopt, asked_);
    }
  }

  World& world_;
  ChunkDispenser dispenser_;  // rank 0's
  std::vector<bool> closed_;  // rank 0: the ranks told that nothing more comes; elsewhere [0]: this one
  std::chrono::steady_clock::time_point began_ = std::chrono::steady_clock::now();
  Mailbox mailbox_;
  bool asked_ = false;           // another rank: a request to rank 0 is unanswered
  bool asked_finished_ = false;  // and it says that this rank's measuring is over
  bool interrupt_told_ = false;
};

}  // namespace

std::string measure_dealt(World& world, const std::function<std::string(ChunkDealer&)>& measure,
                          double& dealing_cpu_seconds) {
  const double start = cpu_clock_seconds(CLOCK_THREAD_CPUTIME_ID);
  std::string error = Dealing(world).run(measure);
  dealing_cpu_seconds = cpu_clock_seconds(CLOCK_THREAD_CPUTIME_ID) - start;
  return error;
}

}  // namespace sudoku_bench
