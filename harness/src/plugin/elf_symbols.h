// The functions a shared library exports, read from its ELF dynamic symbol table, so that a
// plugin whose function is not found can be told what is there: a C++ name the compiler mangled
// ("_Z5solvePKcmjPcPm": extern "C" forgotten) or a function of another name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sudoku_bench::plugin {

// The defined functions of `file`'s dynamic symbol table whose names contain `part`, ignoring
// case; none when the file is not a 64-bit ELF or cannot be read.
std::vector<std::string> exported_functions_like(const std::string& file, std::string_view part);

}  // namespace sudoku_bench::plugin
