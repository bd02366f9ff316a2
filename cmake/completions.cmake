# Writes sudoku-bench's shell completions with `sudoku-bench completions SHELL`, under the names each
# shell looks for: sudoku-bench (bash), _sudoku-bench (zsh), sudoku-bench.fish (fish).
#   cmake -DBENCH=PATH -DOUTPUT_DIR=DIR -P completions.cmake
cmake_minimum_required(VERSION 3.22)
foreach(_var BENCH OUTPUT_DIR)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "completions.cmake: -D${_var}=... is required")
  endif()
endforeach()
file(MAKE_DIRECTORY "${OUTPUT_DIR}")
foreach(_pair "bash;sudoku-bench" "zsh;_sudoku-bench" "fish;sudoku-bench.fish")
  list(GET _pair 0 _shell)
  list(GET _pair 1 _file)
  execute_process(COMMAND "${BENCH}" completions ${_shell} OUTPUT_FILE "${OUTPUT_DIR}/${_file}"
                  RESULT_VARIABLE _status)
  if(NOT _status EQUAL 0)
    message(FATAL_ERROR "${BENCH} completions ${_shell} exited with ${_status}")
  endif()
endforeach()
