// `run`'s --threads list, as the command line gives it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sys/thread_count.h"

namespace sudoku_bench {

// "1,2,4", "1:16" (inclusive) or a mix like "1,2,4:8"; duplicates dropped, order kept.
// Returns an empty list and sets `error` when the text is not such a list of counts in 1..kMaxThreads.
std::vector<ThreadCount> parse_thread_list(std::string_view text, std::string& error);

}  // namespace sudoku_bench
