#include "report/pass_codec.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <stdexcept>
#include <type_traits>

namespace sudoku_bench {
namespace {

// ---- one order ----

// The numbers a part's row carries, in the row's order; the bytes carry them too, after the rest.
template <class Io, class Pass>
void part_numbers(Io& io, Pass& p) {
  for (auto count : kTallyCounts) io(p.status.*count);
  for (auto* s : {&p.distributions.latency_ns, &p.distributions.tree_size, &p.distributions.guesses}) {
    io(s->count);
    io(s->min);
    io(s->max);
    io(s->mean);
    io(s->stddev);
  }
  io(p.wall_seconds);
  io(p.complete);
  io(p.pipeline.measured);
  io(p.pipeline.reader);
  io(p.pipeline.sink);
  io(p.pipeline.worker);
  io(p.noise.measured);
  io(p.noise.steal);
  io(p.noise.involuntary_switches);
  io(p.noise.migrations);
  io(p.noise.waiting);
  // A rank dealt no chunk of the first reading read none of it, whatever its records.
  io(p.loops);
  io(p.threads_observed);
  io(p.file_records);
  for (const FigureRow& row : kFigureRows) io(p.figures[row.fig]);
}

// What a distribution holds beyond its moments.
template <class Io, class S>
void distribution(Io& io, S& s) {
  for (auto& percentile : s.percentiles) io(percentile);
  io(s.log2_counts);
  io(s.buckets_kept);
  io(s.buckets);
}

// The whole pass: names, settings and what varies in length, then the part's numbers.
template <class Io, class Pass>
void whole_pass(Io& io, Pass& p) {
  for (auto* text : {&p.id.dataset, &p.id.path, &p.id.solver, &p.id.implementation, &p.id.run_id}) io(*text);
  for (auto* number : {&p.threads, &p.id.repetition, &p.id.sequence, &p.split.ranks}) io(*number);
  io(p.split.timing);
  io(p.distributions.latency_measured);
  io(p.distributions.tree_size_reported);
  io(p.outlier);
  io(p.id.input);
  for (auto* s : {&p.distributions.latency_ns, &p.distributions.tree_size, &p.distributions.guesses})
    distribution(io, *s);
  io(p.split.parts);
  io(p.distributions.tail_latency_ns);
  io(p.distributions.tail_tree_size);
  part_numbers(io, p);
}

// A member added to the pass crosses the supervisor link only when whole_pass or part_numbers names
// it, and nothing would fail if it did not: it would arrive as its default. The sizes change with
// any member, to say so where the build runs (the one ABI this project builds for; elsewhere the
// codec test's full pass is what is left).
#if defined(__GLIBCXX__) && defined(__x86_64__) && defined(__linux__)
static_assert(sizeof(MeasuredPass) == 1224 && sizeof(PassPart) == 104 && sizeof(TailPoint) == 32,
              "a member of the pass changed: send it in whole_pass() or part_numbers(), fill it in the codec "
              "test's full_pass(), then set these sizes");
#endif

// The members of the structs a pass lists, in one order for writing and reading.
template <class Io, class... Members>
void each(Io& io, Members&... members) {
  (io(members), ...);
}
template <class Io, class T>
void members(Io& io, T& input) requires std::is_same_v<std::remove_const_t<T>, InputStamp> {
  each(io, input.size, input.modified_ns, input.fingerprint);
}
template <class Io, class T>
void members(Io& io, T& part) requires std::is_same_v<std::remove_const_t<T>, PassPart> {
  each(io, part.part, part.host, part.puzzles, part.wall_seconds, part.cpu_seconds, part.dealing_cpu_seconds,
       part.waiting_cpu_seconds);
}
template <class Io, class T>
void members(Io& io, T& point) requires std::is_same_v<std::remove_const_t<T>, TailPoint> {
  each(io, point.records, point.max, point.p999);
}
template <class Io, class T>
void members(Io& io, T& bucket) requires std::is_same_v<std::remove_const_t<T>, Histogram::Bucket> {
  each(io, bucket.first, bucket.second);
}

// ---- bytes ----

class ByteWriter {
 public:
  template <class T>
  requires std::is_arithmetic_v<T> || std::is_enum_v<T>
  void operator()(const T& v) { out_.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void operator()(const std::string& s) {
    (*this)(static_cast<std::uint64_t>(s.size()));
    out_ += s;
  }
  template <class T>
  void operator()(const std::optional<T>& v) {
    (*this)(v.has_value());
    if (v) (*this)(*v);
  }
  template <class T>
  void operator()(const std::vector<T>& list) {
    (*this)(static_cast<std::uint64_t>(list.size()));
    for (const T& v : list) (*this)(v);
  }
  template <class T>
  requires std::is_class_v<T>
  void operator()(const T& v) { members(*this, v); }
  std::string& bytes() { return out_; }

 private:
  std::string out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : in_(in) {}
  template <class T>
  requires std::is_arithmetic_v<T> || std::is_enum_v<T>
  void operator()(T& v) { std::memcpy(&v, take(sizeof v), sizeof v); }
  // A byte that is neither 0 nor 1 is no bool a writer wrote; copied into one, it would be undefined.
  void operator()(bool& v) {
    unsigned char byte = 0;
    std::memcpy(&byte, take(1), 1);
    if (byte > 1) throw std::invalid_argument("a pass's bytes hold a flag that is neither 0 nor 1");
    v = byte == 1;
  }
  void operator()(std::string& s) {
    const std::uint64_t size = length();
    s.assign(take(size), size);
  }
  template <class T>
  void operator()(std::optional<T>& v) {
    bool has = false;
    (*this)(has);
    v.reset();
    if (has) (*this)(v.emplace());
  }
  template <class T>
  void operator()(std::vector<T>& list) {
    list.assign(length(), T{});
    for (T& v : list) (*this)(v);
  }
  template <class T>
  requires std::is_class_v<T>
  void operator()(T& v) { members(*this, v); }
  bool done() const { return at_ == in_.size(); }

 private:
  const char* take(std::size_t size) {
    if (in_.size() - at_ < size) throw std::invalid_argument("a pass's bytes are cut short");
    const char* at = in_.data() + at_;
    at_ += size;
    return at;
  }
  // A count of what follows, each at least a byte: no more than the bytes left can hold, so that
  // bytes cut short allocate nothing they cannot fill.
  std::uint64_t length() {
    std::uint64_t size = 0;
    (*this)(size);
    if (size > in_.size() - at_) throw std::invalid_argument("a pass's bytes are cut short");
    return size;
  }

  std::string_view in_;
  std::size_t at_ = 0;
};

// ---- a part's row ----

// What parts of one pass share: a part that differs here measured another pass (mpirun's MPMD form).
double identity_of(const MeasuredPass& p) {
  const std::string key = p.id.dataset + '\n' + p.id.solver + '\n' + std::to_string(p.threads) + '\n' +
                          std::to_string(p.id.repetition) + '\n' + std::to_string(p.distributions.latency_measured) +
                          std::to_string(p.distributions.tree_size_reported);
  return static_cast<double>(std::hash<std::string>{}(key) >> 12);  // exact in a double
}

constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();

class RowWriter {
 public:
  template <class T>
  void operator()(const T& v) {
    row_.push_back(static_cast<double>(v));
  }
  template <class T>
  void operator()(const std::optional<T>& v) {
    row_.push_back(v ? static_cast<double>(*v) : kUnknown);
  }
  std::vector<double>& row() { return row_; }

 private:
  std::vector<double> row_;
};

class RowReader {
 public:
  explicit RowReader(const std::vector<double>& v) : v_(v) {}
  double next() {
    if (at_ >= v_.size()) throw std::invalid_argument("a part's figures are too few");
    return v_[at_++];
  }
  void operator()(bool& v) { v = next() != 0; }
  template <class T>
  void operator()(T& v) {
    v = static_cast<T>(next());
  }
  template <class T>
  void operator()(std::optional<T>& v) {
    const double x = next();
    v = std::isnan(x) ? std::nullopt : std::optional<T>(static_cast<T>(x));
  }
  bool done() const { return at_ == v_.size(); }

 private:
  const std::vector<double>& v_;
  std::size_t at_ = 0;
};

}  // namespace

std::string pass_bytes(const MeasuredPass& pass) {
  ByteWriter out;
  whole_pass(out, pass);
  return std::move(out.bytes());
}

MeasuredPass pass_from_bytes(std::string_view bytes) {
  ByteReader in(bytes);
  MeasuredPass pass;
  whole_pass(in, pass);
  if (!in.done()) throw std::invalid_argument("a pass's bytes are too many");
  return pass;
}

std::vector<double> part_figures(const MeasuredPass& p) {
  RowWriter out;
  out(identity_of(p));
  part_numbers(out, p);
  return std::move(out.row());
}

MeasuredPass part_of(const MeasuredPass& like, const std::vector<double>& figures) {
  RowReader row(figures);
  if (row.next() != identity_of(like))
    throw std::invalid_argument("a part measured another dataset, solver, threads or repetition");
  MeasuredPass p = like;
  p.split.parts.clear();
  p.split.ranks = 1;
  p.distributions.tail_latency_ns.clear();
  p.distributions.tail_tree_size.clear();
  for (Summary* s : {&p.distributions.latency_ns, &p.distributions.tree_size, &p.distributions.guesses}) *s = Summary{};
  part_numbers(row, p);
  if (!row.done()) throw std::invalid_argument("a part's figures are too many");
  return p;
}

}  // namespace sudoku_bench
