// Runtime box size to compile-time size: the library's size-specialised loops (symmetries, the
// solution check) are entered through this one dispatch.
#pragma once

#include <utility>

#include "sudoku/grid.h"

namespace sudoku::detail {

// Calls f.template operator()<Box>() for `box` in kMinBox..kMaxBox; for any other value, nothing.
template <typename F>
void for_box(int box, F&& f) {
  [&]<int... B>(std::integer_sequence<int, B...>) {
    static_cast<void>(((box == kMinBox + B ? (f.template operator()<kMinBox + B>(), true) : false) || ...));
  }
  (std::make_integer_sequence<int, kMaxBox - kMinBox + 1>{});
}

}  // namespace sudoku::detail
