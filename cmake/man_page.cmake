# Writes the man page sudoku-bench.1 (and, with GZIP, sudoku-bench.1.gz as Debian installs it) with
# help2man from the program's own --help: the top-level help as help2man reads it, plus an include
# file made here from each subcommand's --help (one synopsis line each, and a COMMANDS section with
# every option), so that the page says what the program says.
#   cmake -DBENCH=PATH -DHELP2MAN=PATH -DVERSION=X.Y.Z -DOUTPUT_DIR=DIR [-DGZIP=PATH] -P man_page.cmake
# VERSION goes in the page's footer in place of --version's first line, which also names the git
# commit, so that the page does not change with every commit.
cmake_minimum_required(VERSION 3.22)  # policies, in script mode too
foreach(_var BENCH HELP2MAN VERSION OUTPUT_DIR)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "man_page.cmake: -D${_var}=... is required")
  endif()
endforeach()
set(_subcommands solve run compare ab merge report history solvers check-plugin hunt completions)
set(_column 28)  # cli/help_format.cc's: option names and types left of it, descriptions from it

# The help text is held with ; [ ] as single control characters, so that CMake's lists neither
# split on the first nor pair the others, and columns stay where they are.
string(ASCII 1 _semicolon)
string(ASCII 2 _open)
string(ASCII 3 _close)

# Text for roff: backslashes and hyphens escaped, a leading control character neutralised.
function(_roff out text)
  string(STRIP "${text}" text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  if(text MATCHES "^[.'${_open}]")  # a request, or in an include file, a [SECTION] line
    set(text "\\&${text}")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

set(_synopsis "")
set(_commands "")
foreach(_sub IN LISTS _subcommands)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env COLUMNS=80 "${BENCH}" ${_sub} --help OUTPUT_VARIABLE _help
                  RESULT_VARIABLE _status)
  if(NOT _status EQUAL 0)
    message(FATAL_ERROR "${BENCH} ${_sub} --help exited with ${_status}")
  endif()
  string(REPLACE ";" "${_semicolon}" _help "${_help}")
  string(REPLACE "[" "${_open}" _help "${_help}")
  string(REPLACE "]" "${_close}" _help "${_help}")
  string(REPLACE "\n" ";" _lines "${_help}")
  set(_description "")
  set(_in_description TRUE)
  set(_in_example FALSE)
  list(LENGTH _lines _count)
  math(EXPR _last "${_count} - 1")
  foreach(_i RANGE ${_last})
    list(GET _lines ${_i} _line)
    string(LENGTH "${_line}" _length)
    if(_line MATCHES "^Usage: [^ ]+ [^ ]+")  # Usage: sudoku-bench SUB ARGUMENTS
      string(REGEX REPLACE "^Usage: ([^ ]+ [^ ]+)(.*)$" "\\1" _command "${_line}")
      string(REGEX REPLACE "^Usage: ([^ ]+ [^ ]+)(.*)$" "\\2" _arguments "${_line}")
      _roff(_command "${_command}")
      _roff(_arguments "${_arguments}")
      string(REGEX REPLACE "^\\\\&" "" _arguments "${_arguments}")  # mid-line: nothing to guard
      string(APPEND _synopsis "\\fB${_command}\\fR ${_arguments}\n.br\n")
      string(APPEND _commands ".SS \"${_command}\"\n${_description}")
      set(_in_description FALSE)
    elseif(_in_description)
      _roff(_text "${_line}")
      string(APPEND _description "${_text}\n")
    elseif(_line STREQUAL "Example:")
      set(_in_example TRUE)
      string(APPEND _commands ".PP\n\\fI${_line}\\fR\n")
    elseif(_in_example AND NOT _line STREQUAL "")
      _roff(_text "${_line}")
      string(APPEND _commands ".RS\n${_text}\n.RE\n")
    elseif(_line MATCHES "^[A-Z][^:]*:$")  # Arguments:, Options:, What is measured:
      string(APPEND _commands ".PP\n\\fI${_line}\\fR\n")
    elseif(_line MATCHES "^  [^ ]")  # NAME[ TYPE], then the description from the column on
      set(_spec "${_line}")
      set(_text "")
      # NAME[ TYPE] padded with two spaces or more to the column, where the description starts;
      # one that would reach it stands alone, and the description follows on the next lines.
      if(_length GREATER _column)
        string(SUBSTRING "${_line}" 0 ${_column} _left)
        string(SUBSTRING "${_line}" ${_column} -1 _right)
        if(_left MATCHES "  $" AND _right MATCHES "^[^ ]")
          set(_spec "${_left}")
          set(_text "${_right}")
        endif()
      endif()
      string(STRIP "${_spec}" _spec)
      string(REGEX REPLACE "^([^ ]+).*$" "\\1" _name "${_spec}")
      string(REGEX REPLACE "^[^ ]+" "" _type "${_spec}")
      _roff(_name "${_name}")
      _roff(_type "${_type}")
      _roff(_text "${_text}")
      if(NOT _type STREQUAL "")
        set(_type " ${_type}")
      endif()
      string(APPEND _commands ".TP\n\\fB${_name}\\fR${_type}\n")
      if(NOT _text STREQUAL "")
        string(APPEND _commands "${_text}\n")
      endif()
    elseif(_line MATCHES "^   ")  # a description on its own line, or continued
      _roff(_text "${_line}")
      string(APPEND _commands "${_text}\n")
    elseif(NOT _line STREQUAL "")
      message(FATAL_ERROR "${BENCH} ${_sub} --help: a line this script cannot place: '${_line}'")
    endif()
  endforeach()
endforeach()

set(_text "[SYNOPSIS]\n\\fBsudoku\\-bench\\fR \\-\\-help | \\-\\-version\n.br\n${_synopsis}\n[COMMANDS]\n${_commands}")
string(REPLACE "${_semicolon}" ";" _text "${_text}")
string(REPLACE "${_open}" "[" _text "${_text}")
string(REPLACE "${_close}" "]" _text "${_text}")
set(_include "${OUTPUT_DIR}/sudoku-bench.h2m")
set(_page "${OUTPUT_DIR}/sudoku-bench.1")
file(WRITE "${_include}" "${_text}")
execute_process(COMMAND "${CMAKE_COMMAND}" -E env COLUMNS=80 "${HELP2MAN}" --no-info --section 1 --name "throughput benchmark harness for Sudoku solvers"
                        --version-string "${VERSION}" --include "${_include}" --output "${_page}" "${BENCH}"
                RESULT_VARIABLE _status)
if(NOT _status EQUAL 0)
  message(FATAL_ERROR "help2man exited with ${_status}")
endif()
if(GZIP)
  execute_process(COMMAND "${GZIP}" -9 -n -c "${_page}" OUTPUT_FILE "${_page}.gz" RESULT_VARIABLE _status)
  if(NOT _status EQUAL 0)
    message(FATAL_ERROR "gzip exited with ${_status}")
  endif()
endif()
