// Constraint propagation and search after Peter Norvig's essay "Solving Every Sudoku Puzzle", with
// the propagation strength and the search orders as options:
//
//   norvig[:OPTION[,OPTION]...]
//     fc | ac | ac+dual | ac+dual+pairs    propagation level (default ac+dual+pairs)
//       fc             forward checking: an assigned digit leaves its peers, nothing more
//       ac             + a cell left with one candidate is assigned, recursively (the essay's rule 1)
//       ac+dual        + a digit with one place left in a unit goes there (rule 2)
//       ac+dual+pairs  + naked pairs
//     var=first|mrv|random|wdeg            branch cell: first blank in row-major order, fewest
//                                          candidates (ties: lowest index), uniformly random, or
//                                          fewest candidates per failure weight (propagation.h)
//     val=asc|random|lcv                   digit order: ascending, random, or least constraining
//                                          (fewest blank peers that would lose it; ties ascending)
//     seed=N                               random stream seed (default 0); only with a random order
//
// Random orders draw from a stream seeded by the seed and the puzzle, so a given (seed, puzzle)
// always makes the same tree.
#include "strategies/propagation/norvig.h"

#include <charconv>
#include <optional>
#include <span>

#include "strategies/propagation/propagation.h"

namespace sudoku::detail {
namespace {

template <typename T>
struct Word {
  std::string_view text;
  T value;
};

constexpr Word<Rules> kLevels[] = {
    {"fc", {}},
    {"ac", {.naked_singles = true}},
    {"ac+dual", {.naked_singles = true, .hidden_singles = true}},
    {"ac+dual+pairs", {.naked_singles = true, .hidden_singles = true, .naked_pairs = true}},
};
constexpr Word<CellOrder> kCellOrders[] = {
    {"first", CellOrder::first}, {"mrv", CellOrder::mrv}, {"random", CellOrder::random}, {"wdeg", CellOrder::weighted}};
constexpr Word<DigitOrder> kDigitOrders[] = {
    {"asc", DigitOrder::ascending}, {"random", DigitOrder::random}, {"lcv", DigitOrder::least_constraining}};

constexpr std::string_view kSyntax =
    "options are comma-separated: a level fc, ac, ac+dual or ac+dual+pairs; var=first|mrv|random|wdeg; "
    "val=asc|random|lcv; seed=N";

template <typename T>
const Word<T>* find(std::span<const Word<T>> words, std::string_view text) {
  for (const Word<T>& w : words)
    if (w.text == text) return &w;
  return nullptr;
}

template <typename T>
std::string_view text_of(std::span<const Word<T>> words, T value) {
  for (const Word<T>& w : words)
    if (w.value == value) return w.text;
  return "?";
}

// One alternative among `words`, given at most once.
template <typename T>
bool choose(std::span<const Word<T>> words, std::string_view key, std::string_view text, std::optional<T>& slot,
            std::string& error) {
  if (slot) {
    error = std::string(key) + " given twice";
    return false;
  }
  if (const Word<T>* w = find(words, text)) {
    slot = w->value;
    return true;
  }
  error = std::string(key) + "=" + std::string(text) + ": expected ";
  for (std::size_t i = 0; i < words.size(); ++i)
    error += std::string(i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + std::string(words[i].text);
  return false;
}

struct Choices {
  std::optional<Rules> level;
  std::optional<CellOrder> cell_order;
  std::optional<DigitOrder> digit_order;
  std::optional<std::uint64_t> seed;
};

// One comma-separated item: a bare level word, or key=value.
bool parse_item(std::string_view item, Choices& c, std::string& error) {
  const auto equals = item.find('=');
  if (equals == std::string_view::npos) {
    if (const Word<Rules>* w = find<Rules>(kLevels, item)) {
      if (c.level) {
        error = "level given twice";
        return false;
      }
      c.level = w->value;
      return true;
    }
  } else {
    const std::string_view key = item.substr(0, equals), value = item.substr(equals + 1);
    if (key == "var") return choose<CellOrder>(kCellOrders, key, value, c.cell_order, error);
    if (key == "val") return choose<DigitOrder>(kDigitOrders, key, value, c.digit_order, error);
    if (key == "seed") {
      if (c.seed) {
        error = "seed given twice";
        return false;
      }
      std::uint64_t n = 0;
      const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (value.empty() || ec != std::errc{} || end != value.data() + value.size()) {
        error = "seed=" + std::string(value) + ": expected an unsigned 64-bit integer";
        return false;
      }
      c.seed = n;
      return true;
    }
  }
  error = (item.empty() ? std::string("empty option") : "unknown option '" + std::string(item) + "'") + " (" +
          std::string(kSyntax) + ")";
  return false;
}

}  // namespace

std::unique_ptr<SolverFactory> make_norvig_factory(const std::string_view* options, std::string& error) {
  Choices c;
  if (options) {
    for (std::string_view rest = *options;;) {
      const auto comma = rest.find(',');
      if (!parse_item(rest.substr(0, comma), c, error)) return nullptr;
      if (comma == std::string_view::npos) break;
      rest = rest.substr(comma + 1);
    }
  }

  PropagationConfig config;
  config.rules = c.level.value_or(kLevels[3].value);  // the strongest
  config.cell_order = c.cell_order.value_or(CellOrder::mrv);
  config.digit_order = c.digit_order.value_or(DigitOrder::ascending);
  const bool random = config.cell_order == CellOrder::random || config.digit_order == DigitOrder::random;
  if (c.seed && !random) {
    error = "seed=" + std::to_string(*c.seed) + " has no effect without var=random or val=random";
    return nullptr;
  }
  config.seed = c.seed.value_or(0);

  // The canonical spec names every choice, so that results say exactly what ran.
  std::string name = "norvig:" + std::string(text_of<Rules>(kLevels, config.rules)) +
                     ",var=" + std::string(text_of<CellOrder>(kCellOrders, config.cell_order)) +
                     ",val=" + std::string(text_of<DigitOrder>(kDigitOrders, config.digit_order));
  if (random) name += ",seed=" + std::to_string(config.seed);
  return make_propagation_factory(std::move(name), config);
}

}  // namespace sudoku::detail
