#include "report/part_figures.h"

#include <cmath>
#include <functional>
#include <limits>
#include <stdexcept>

namespace sudoku_bench {
namespace {

// What parts of one pass share: a part that differs here measured another pass (mpirun's MPMD form).
double identity_of(const MeasuredPass& p) {
  const std::string key = p.dataset + '\n' + p.solver + '\n' + std::to_string(p.threads) + '\n' +
                          std::to_string(p.repetition) + '\n' + std::to_string(p.latency_measured) +
                          std::to_string(p.tree_size_reported);
  return static_cast<double>(std::hash<std::string>{}(key) >> 12);  // exact in a double
}

constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();

template <class T>
double maybe(const std::optional<T>& v) {
  return v ? static_cast<double>(*v) : kUnknown;
}

// Reads a row in the order it was written.
class Row {
 public:
  explicit Row(const std::vector<double>& v) : v_(v) {}
  double next() {
    if (at_ >= v_.size()) throw std::invalid_argument("a part's figures are too few");
    return v_[at_++];
  }
  std::uint64_t whole() { return static_cast<std::uint64_t>(next()); }
  template <class T>
  std::optional<T> maybe() {
    const double x = next();
    return std::isnan(x) ? std::nullopt : std::optional<T>(static_cast<T>(x));
  }
  bool done() const { return at_ == v_.size(); }

 private:
  const std::vector<double>& v_;
  std::size_t at_ = 0;
};

}  // namespace

std::vector<double> part_figures(const MeasuredPass& p) {
  std::vector<double> v{identity_of(p)};
  for (const std::uint64_t n : p.status.counts()) v.push_back(static_cast<double>(n));
  for (const Summary* s : {&p.latency_ns, &p.tree_size, &p.guesses})
    v.insert(v.end(), {static_cast<double>(s->count), static_cast<double>(s->min), static_cast<double>(s->max), s->mean,
                       s->stddev});
  v.insert(v.end(), {p.wall_seconds, static_cast<double>(p.complete), static_cast<double>(p.pipeline.measured),
                     p.pipeline.reader, p.pipeline.sink, p.pipeline.worker});
  v.insert(v.end(),
           {static_cast<double>(p.noise.measured), maybe(p.noise.steal),
            static_cast<double>(p.noise.involuntary_switches), maybe(p.noise.migrations), maybe(p.noise.waiting)});
  // A rank dealt no chunk of the first reading read none of it, whatever its records.
  v.insert(v.end(), {static_cast<double>(p.loops), static_cast<double>(p.threads_observed),
                     static_cast<double>(p.file_records)});
  for (const FigureRow& row : kFigureRows) v.push_back(maybe(p.figures[row.fig]));
  return v;
}

MeasuredPass part_of(const MeasuredPass& like, const std::vector<double>& figures) {
  Row row(figures);
  if (row.next() != identity_of(like))
    throw std::invalid_argument("a part measured another dataset, solver, threads or repetition");
  MeasuredPass p = like;
  p.parts.clear();
  p.ranks = 1;
  p.tail_latency_ns.clear();
  p.tail_tree_size.clear();
  for (std::uint64_t Tally::*count : kTallyCounts) p.status.*count = row.whole();
  for (Summary* s : {&p.latency_ns, &p.tree_size, &p.guesses}) {
    *s = Summary{};
    s->count = row.whole();
    s->min = row.whole();
    s->max = row.whole();
    s->mean = row.next();
    s->stddev = row.next();
  }
  p.wall_seconds = row.next();
  p.complete = row.next() != 0;
  p.pipeline.measured = row.next() != 0;
  p.pipeline.reader = row.next();
  p.pipeline.sink = row.next();
  p.pipeline.worker = row.next();
  p.noise.measured = row.next() != 0;
  p.noise.steal = row.maybe<double>();
  p.noise.involuntary_switches = row.whole();
  p.noise.migrations = row.maybe<std::uint64_t>();
  p.noise.waiting = row.maybe<double>();
  p.loops = static_cast<int>(row.next());
  p.threads_observed = static_cast<int>(row.next());
  p.file_records = row.whole();
  for (const FigureRow& figure : kFigureRows) p.figures[figure.fig] = row.maybe<double>();
  if (!row.done()) throw std::invalid_argument("a part's figures are too many");
  return p;
}

}  // namespace sudoku_bench
