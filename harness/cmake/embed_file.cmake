# Writes OUTPUT, a C++ source that holds INPUT's bytes as `extern const char NAME[]` (NUL-terminated)
# and `extern const std::size_t NAME_size`, so that the program carries the file: the HTML report's
# charting library (Debian's libjs-chart.js) and the page's own script and style, embedded at build time.
#   cmake -DINPUT=PATH -DOUTPUT=PATH -DNAME=identifier -P embed_file.cmake
cmake_minimum_required(VERSION 3.22)
file(READ "${INPUT}" _hex HEX)
string(LENGTH "${_hex}" _length)
math(EXPR _bytes "${_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," _array "${_hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n"
       _array "${_array}")
file(WRITE "${OUTPUT}.new"
     "// Made by harness/cmake/embed_file.cmake from ${INPUT}; do not edit.\n#include <cstddef>\n"
     "namespace sudoku_bench {\nextern const char ${NAME}[] = {\n${_array}0x00};\n"
     "extern const std::size_t ${NAME}_size = ${_bytes};\n}  // namespace sudoku_bench\n")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")
