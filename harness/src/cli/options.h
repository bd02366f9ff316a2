// A command's options, each declared once: one call names the option, its help, the member of the
// command's struct it sets and how its text is checked. The default --help shows is that member's
// value when declared, the struct's own default, so no default is written a second time; and the
// check lives with the declaration, not in a later pass that must name the option again.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace sudoku_bench {

// The top of a whole-number option's range where any count is fine.
inline constexpr std::uint64_t kAnyCount = UINT64_MAX;

// Whether --help shows the member's value as the default: not where the machine decides it (no
// --threads: all the CPUs this process may use).
enum class ShowDefault { yes, no };

// Every option but a plain path or flag goes through here as text, so that a bad value is refused
// the same way whatever the option, before anything runs: exit 2 with "sudoku-bench CMD: --OPTION:
// 'TEXT' is not ...". CLI11 2.1's own conversion would take "-1" into an unsigned option as 2^64-1,
// saturate "18446744073709551616", read "010" as octal and "0x10" as hex, and let NaN through its
// ranges.
class Options {
 public:
  // What a text given makes of itself: "" when it is taken (stored where it belongs), else why
  // not, as said after "sudoku-bench CMD: ".
  using Convert = std::function<std::string(const std::string& text)>;

  explicit Options(CLI::App& app) : app_(app) {}
  CLI::App& app() const { return app_; }

  // A whole number in [min, max], decimal digits only: no sign, no spaces, no exponent. `also`,
  // when given, receives it too (where one option sets two members).
  template <typename T>
  CLI::Option* whole(const std::string& name, T& target, std::uint64_t min, std::uint64_t max, const std::string& help,
                     ShowDefault show = ShowDefault::yes, std::function<void(T)> also = nullptr) {
    static_assert(std::is_integral_v<T>);
    return whole_to(name, static_cast<std::uint64_t>(target), std::is_signed_v<T> ? "INT" : "UINT", min, max, help,
                    show, [&target, also = std::move(also)](std::uint64_t v) {
                      target = static_cast<T>(v);
                      if (also) also(target);
                    });
  }

  // The same for a member that is no plain integer (a ThreadCount): `shown` is its default, `type`
  // what --help calls the value, and `set` stores a number given.
  CLI::Option* whole_to(const std::string& name, std::uint64_t shown, const char* type, std::uint64_t min,
                        std::uint64_t max, const std::string& help, ShowDefault show,
                        std::function<void(std::uint64_t)> set);

  // A finite number in [min, max] (decimal or exponent notation).
  CLI::Option* real(const std::string& name, double& target, double min, double max, const std::string& help) {
    return real_to(name, target, min, max, help, [&target](double v) { target = v; });
  }
  // The same for a member kept in another unit than the option's (a duration): `shown` is its
  // default in the option's unit, and `set` stores a number given.
  CLI::Option* real_to(const std::string& name, double shown, double min, double max, const std::string& help,
                       std::function<void(double)> set);

  // A percentage like "5%" or "5", into `fraction` (0.05); above 0 when `above_zero`. `given`, where
  // not null, is set when it is given (a default that depends on what is judged).
  CLI::Option* percent(const std::string& name, double& fraction, bool above_zero, const std::string& help,
                       bool* given = nullptr);

  // One of `choices`, by name; CLI11 refuses any other, and --help lists them.
  template <typename E>
  CLI::Option* choice(const std::string& name, E& target, std::vector<std::pair<std::string, E>> choices,
                      const std::string& help) {
    std::vector<std::string> names;
    std::string shown;
    for (const auto& [n, value] : choices) {
      names.push_back(n);
      if (value == target) shown = n;
    }
    return one_of(name, std::move(names), shown, help,
                  [&target, choices = std::move(choices)](const std::string& given) {
                    for (const auto& [n, value] : choices)
                      if (n == given) target = value;
                    return std::string();
                  });
  }

  // Any other text, which `convert` checks and stores; `shown` is the default --help shows ("": none).
  CLI::Option* text(const std::string& name, const std::string& shown, const std::string& help, Convert convert);

  // A flag that may carry a value (--NAME{DEFAULT}, given as --NAME=VALUE), so that it never takes
  // the next argument as its value; `convert` receives the value, DEFAULT when none. `shown`, where
  // not empty, is how --help writes the value ("[=REF]").
  CLI::Option* valued_flag(const std::string& name, const std::string& help, Convert convert,
                           const std::string& shown = "");

  // A flag whose meaning is more than a member set true: `given` runs when it is given.
  CLI::Option* flag(const std::string& name, const std::string& help, std::function<void()> given);
  // --no-THING: sets `target` (on by default) false.
  CLI::Option* unset(const std::string& name, bool& target, const std::string& help) {
    return flag(name, help, [&target] { target = false; });
  }

  // Converts every option given into its member, in the order declared; false, with the first
  // refusal on `err`. A PATH or DIR option given an empty value is refused first.
  bool apply(std::FILE* err) const;
  // Whether the line gave `name`, one of the command's options.
  bool given(const std::string& name) const;
  // The command's name, which its messages start with.
  const std::string& command() const;

  // "NAME: 'TEXT' is not EXPECTED", the refusal of most options.
  static std::string refusal(const std::string& name, const std::string& text, const std::string& expected);

 private:
  struct Entry {
    CLI::Option* option = nullptr;
    std::string text;  // what was given, which CLI11 writes in place
    bool flag = false;
    Convert convert;
  };

  // A text that is one of `names`, which CLI11 checks before `convert` receives it.
  CLI::Option* one_of(const std::string& name, std::vector<std::string> names, const std::string& shown,
                      const std::string& help, Convert convert);
  Entry& add(const std::string& name, const std::string& help, const char* type, const std::string& shown);

  CLI::App& app_;
  std::vector<std::unique_ptr<Entry>> entries_;  // stable addresses: CLI11 writes each text in place
};

}  // namespace sudoku_bench
