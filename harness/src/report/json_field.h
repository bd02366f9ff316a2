// A report's JSON read field by field, each number range-checked, each error naming the field's
// path and its value: "runs[2].threads: -3 is not a thread count >= 1".
#pragma once

#include <climits>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "report/format_error.h"

namespace sudoku_bench {

// A JSON value with the path that led to it, so that an error names the field and the value:
// "runs[2].threads: -3 is not a thread count >= 1". Every number is range-checked as it is read:
// whole numbers within their type, seconds and other figures finite and >= 0.
class Field {
 public:
  using Json = nlohmann::ordered_json;

  Field(const Json& json, std::string path) : json_(json), path_(std::move(path)) {}

  Field operator[](const char* key) const {
    if (!json_.is_object()) fail("is not an object");
    const auto it = json_.find(key);
    if (it == json_.end()) throw ReportFormatError(join(key) + ": missing");
    return Field(*it, join(key));
  }
  Field operator[](std::size_t i) const { return Field(json_.at(i), path_ + "[" + std::to_string(i) + "]"); }
  bool has(const char* key) const { return json_.is_object() && json_.contains(key); }
  bool null() const { return json_.is_null(); }
  bool is_object() const { return json_.is_object(); }
  // An object's keys, in the document's order.
  std::vector<std::string> keys() const {
    if (!json_.is_object()) fail("is not an object");
    std::vector<std::string> out;
    for (auto it = json_.begin(); it != json_.end(); ++it) out.push_back(it.key());
    return out;
  }
  std::size_t size() const {
    if (!json_.is_array()) fail("is not an array");
    return json_.size();
  }

  std::string text() const {
    if (!json_.is_string()) fail("is not a string");
    return json_.get<std::string>();
  }
  // A whole number from `least` to 2^64 - 1.
  std::uint64_t count(std::uint64_t least = 0, const char* what = "a whole number >= 0") const {
    const bool whole = json_.is_number_unsigned() || (json_.is_number_integer() && json_.get<std::int64_t>() >= 0);
    if (!whole || json_.get<std::uint64_t>() < least) fail(std::string("is not ") + what);
    return json_.get<std::uint64_t>();
  }
  // A whole number from `least` to INT_MAX.
  int integer(int least, const char* what) const {
    bool in_range = false;
    if (json_.is_number_unsigned())
      in_range = json_.get<std::uint64_t>() <= std::uint64_t{INT_MAX} && json_.get<std::int64_t>() >= least;
    else if (json_.is_number_integer())
      in_range = json_.get<std::int64_t>() >= least && json_.get<std::int64_t>() <= INT_MAX;
    if (!in_range) fail(std::string("is not ") + what);
    return json_.get<int>();
  }
  // A finite number >= 0: seconds, means, shares.
  double figure(const char* what = "a finite number >= 0") const {
    if (!json_.is_number() || !std::isfinite(json_.get<double>()) || json_.get<double>() < 0)
      fail(std::string("is not ") + what);
    return json_.get<double>();
  }
  double seconds() const { return figure("a finite number of seconds >= 0"); }
  bool boolean() const {
    if (!json_.is_boolean()) fail("is not true or false");
    return json_.get<bool>();
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw ReportFormatError((path_.empty() ? "the document" : path_) + ": " + value() + " " + what);
  }
  // A problem of the field as a whole, not of its value: "runs[0].status: the counts add up to …".
  [[noreturn]] void fail_field(const std::string& what) const { throw ReportFormatError(path_ + ": " + what); }

 private:
  std::string join(const char* key) const { return path_.empty() ? key : path_ + "." + key; }
  // The value as the message shows it: scalars as written (cut short), containers by their kind.
  std::string value() const {
    if (json_.is_object()) return "{…}";
    if (json_.is_array()) return "[…]";
    if (json_.is_number_float() && !std::isfinite(json_.get<double>())) {
      const double v = json_.get<double>();
      return std::isnan(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
    }
    std::string text = json_.dump();
    if (text.size() > 40) text = text.substr(0, 37) + "...";
    return text;
  }

  const Json& json_;
  std::string path_;
};

}  // namespace sudoku_bench
