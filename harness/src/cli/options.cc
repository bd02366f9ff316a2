#include "cli/options.h"

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <exception>
#include <system_error>

#include "report/units.h"
#include "sys/message.h"

namespace sudoku_bench {
namespace {

// 0.2, 3600, 1000000000, 1e-09: whole numbers in full, others as short as they read back the same.
std::string shortest(double v) {
  char buffer[64];
  const bool whole = v == std::floor(v) && std::fabs(v) < 1e16;
  const auto [end, ec] = whole ? std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::fixed)
                               : std::to_chars(buffer, buffer + sizeof buffer, v);
  return ec == std::errc() ? std::string(buffer, end) : std::to_string(v);
}

// "5%" or "5": a percentage, as a fraction; negative when the text is none.
double parse_percent(std::string text) {
  if (!text.empty() && text.back() == '%') text.pop_back();
  try {
    std::size_t used = 0;
    const double v = std::stod(text, &used);
    return used == text.size() && v >= 0 && v < 1e6 ? v / 100 : -1;
  } catch (const std::exception&) {
    return -1;
  }
}

}  // namespace

std::string Options::refusal(const std::string& name, const std::string& text, const std::string& expected) {
  return name + ": '" + text + "' is not " + expected;
}

CLI::Option* Options::whole_to(const std::string& name, std::uint64_t shown, const char* type, std::uint64_t min,
                               std::uint64_t max, const std::string& help, ShowDefault show,
                               std::function<void(std::uint64_t)> set) {
  Entry& e = add(name, help, type, show == ShowDefault::yes ? std::to_string(shown) : std::string());
  const std::string expected = "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
  e.convert = [name, expected, min, max, set = std::move(set)](const std::string& text) {
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || ec != std::errc() ||
        end != text.data() + text.size() || v < min || v > max)
      return refusal(name, text, expected);
    set(v);
    return std::string();
  };
  return e.option;
}

CLI::Option* Options::real_to(const std::string& name, double shown, double min, double max, const std::string& help,
                              std::function<void(double)> set) {
  Entry& e = add(name, help, "FLOAT", shortest(shown));
  const std::string expected = "a number from " + shortest(min) + " to " + shortest(max);
  e.convert = [name, expected, min, max, set = std::move(set)](const std::string& text) {
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v) || v < min ||
        v > max)
      return refusal(name, text, expected);
    set(v == 0 ? 0.0 : v);  // -0 is 0
    return std::string();
  };
  return e.option;
}

CLI::Option* Options::percent(const std::string& name, double& fraction, bool above_zero, const std::string& help,
                              bool* given) {
  return text(name, percent_text(fraction), help, [name, &fraction, above_zero, given](const std::string& text) {
    const double v = parse_percent(text);
    if (v > 0 || (!above_zero && v >= 0)) {
      fraction = v;
      if (given) *given = true;
      return std::string();
    }
    return refusal(name, text, std::string("a percentage") + (above_zero ? " above 0" : "") + " like 5%");
  });
}

CLI::Option* Options::text(const std::string& name, const std::string& shown, const std::string& help,
                           Convert convert) {
  Entry& e = add(name, help, "TEXT", shown);
  e.convert = std::move(convert);
  return e.option;
}

CLI::Option* Options::one_of(const std::string& name, std::vector<std::string> names, const std::string& shown,
                             const std::string& help, Convert convert) {
  return text(name, shown, help, std::move(convert))->check(CLI::IsMember(std::move(names)));
}

CLI::Option* Options::valued_flag(const std::string& name, const std::string& help, Convert convert,
                                  const std::string& shown) {
  auto& e = *entries_.emplace_back(std::make_unique<Entry>());
  e.option = app_.add_flag(name, e.text, help);
  if (!shown.empty()) e.option->option_text(shown);
  e.convert = std::move(convert);
  return e.option;
}

CLI::Option* Options::flag(const std::string& name, const std::string& help, std::function<void()> given) {
  auto& e = *entries_.emplace_back(std::make_unique<Entry>());
  e.option = app_.add_flag(name, e.flag, help);
  e.convert = [given = std::move(given)](const std::string&) {
    given();
    return std::string();
  };
  return e.option;
}

bool Options::apply(std::FILE* err) const {
  // An empty path names no file: refused, never read as an option not given (an output silently
  // not written) nor as the folder it stands in.
  for (const CLI::Option* o : app_.get_options()) {
    const std::string type = o->get_type_name();
    if (type != "PATH" && type != "DIR") continue;
    for (const std::string& given : o->results())
      if (given.empty()) {
        Messages(err, app_.get_name())
            .errorf("%s: an empty value names no %s", o->get_name().c_str(), type == "DIR" ? "folder" : "file");
        return false;
      }
  }
  for (const auto& e : entries_) {
    if (e->option->count() == 0) continue;
    if (const std::string why = e->convert(e->text); !why.empty()) {
      Messages(err, app_.get_name()).error(why);
      return false;
    }
  }
  return true;
}

bool Options::given(const std::string& name) const { return app_.get_option(name)->count() > 0; }

const std::string& Options::command() const { return app_.get_name(); }

Options::Entry& Options::add(const std::string& name, const std::string& help, const char* type,
                             const std::string& shown) {
  auto& e = *entries_.emplace_back(std::make_unique<Entry>());
  e.option = app_.add_option(name, e.text, help)->type_name(type);
  if (!shown.empty()) e.option->default_str(shown);
  return e;
}

}  // namespace sudoku_bench
