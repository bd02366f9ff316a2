# What `cmake --install` puts under the prefix, and `cpack -G DEB` into a package (docs/installing.md):
#   bin/sudoku-bench                           the program
#   share/man/man1/sudoku-bench.1.gz           its man page, from its --help (needs help2man)
#   share/bash-completion/completions/sudoku-bench, share/zsh/site-functions/_sudoku-bench,
#   share/fish/vendor_completions.d/sudoku-bench.fish
#                                              its shell completions, from its option declarations
#   include/sudoku_bench/plugin_abi.h          the plugin ABI        -> sudoku_bench::plugin_abi
#   include/sudoku/*.h, lib/libsudoku_solver_pic.a
#                                              the solver library    -> sudoku_bench::solver
#   lib/cmake/sudoku_bench/                    find_package(sudoku_bench CONFIG)
# The solver library installed is its position-independent static build, so that plugins (shared
# objects) can link it. Included from the top-level CMakeLists.txt after the targets exist.
include(CMakePackageConfigHelpers)

install(TARGETS sudoku-bench RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# sudoku_solver_pic (solver/CMakeLists.txt) as the package's sudoku_bench::solver: built by
# default, and its headers found under the prefix once installed.
get_target_property(_solver_source_dir sudoku_solver_pic SOURCE_DIR)
set_target_properties(sudoku_solver_pic PROPERTIES EXCLUDE_FROM_ALL OFF EXPORT_NAME solver)
set_property(TARGET sudoku_solver_pic PROPERTY INTERFACE_INCLUDE_DIRECTORIES
             $<BUILD_INTERFACE:${_solver_source_dir}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
install(TARGETS sudoku_solver_pic sudoku_bench_plugin_abi EXPORT sudoku_bench_targets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${_solver_source_dir}/include/sudoku DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")
install(FILES ${PROJECT_SOURCE_DIR}/harness/include/sudoku_bench/plugin_abi.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/sudoku_bench)

set(_config_dir ${CMAKE_INSTALL_LIBDIR}/cmake/sudoku_bench)
install(EXPORT sudoku_bench_targets NAMESPACE sudoku_bench:: FILE sudoku_benchTargets.cmake
        DESTINATION ${_config_dir})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/sudoku_benchConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/sudoku_benchConfig.cmake INSTALL_DESTINATION ${_config_dir})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/sudoku_benchConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/sudoku_benchConfig.cmake ${PROJECT_BINARY_DIR}/sudoku_benchConfigVersion.cmake
        DESTINATION ${_config_dir})

# The man page, written at build time by cmake/man_page.cmake from the program's --help. Not in
# sanitizer or fuzz builds (the program they build is not one to install, nor always one to run
# here) or when cross-compiling.
find_program(SUDOKU_BENCH_HELP2MAN help2man)
find_program(SUDOKU_BENCH_GZIP gzip)
if(NOT SUDOKU_BENCH_HELP2MAN)
  message(STATUS "help2man not found: no man page for sudoku-bench (apt-get install help2man, or tools/install-deps)")
elseif(NOT SUDOKU_BENCH_SANITIZE STREQUAL "" OR SUDOKU_BENCH_FUZZ OR CMAKE_CROSSCOMPILING)
  message(STATUS "No man page for sudoku-bench in a sanitizer, fuzz or cross build")
else()
  set(_man_dir ${PROJECT_BINARY_DIR}/man)
  set(_page ${_man_dir}/sudoku-bench.1)
  if(SUDOKU_BENCH_GZIP)
    set(_page ${_page}.gz)  # as Debian installs man pages: gzip -9n
  endif()
  add_custom_command(OUTPUT ${_page}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${_man_dir}
    COMMAND ${CMAKE_COMMAND} -DBENCH=$<TARGET_FILE:sudoku-bench> -DHELP2MAN=${SUDOKU_BENCH_HELP2MAN}
            -DGZIP=${SUDOKU_BENCH_GZIP} -DVERSION=${PROJECT_VERSION} -DOUTPUT_DIR=${_man_dir}
            -P ${CMAKE_CURRENT_LIST_DIR}/man_page.cmake
    DEPENDS sudoku-bench ${CMAKE_CURRENT_LIST_DIR}/man_page.cmake
    COMMENT "Writing the man page sudoku-bench.1 with help2man"
    VERBATIM)
  add_custom_target(sudoku_bench_man_page ALL DEPENDS ${_page})
  install(FILES ${_page} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()

# Shell completions, written at build time by the program from its option declarations
# (harness/src/cli/completions.h) by cmake/completions.cmake, where bash, zsh and fish look for them.
# Not in sanitizer, fuzz or cross builds, as the man page.
if(NOT SUDOKU_BENCH_SANITIZE STREQUAL "" OR SUDOKU_BENCH_FUZZ OR CMAKE_CROSSCOMPILING)
  message(STATUS "No shell completions for sudoku-bench in a sanitizer, fuzz or cross build")
else()
  set(_completions ${PROJECT_BINARY_DIR}/completions)
  set(_completion_files ${_completions}/sudoku-bench ${_completions}/_sudoku-bench ${_completions}/sudoku-bench.fish)
  add_custom_command(OUTPUT ${_completion_files}
    COMMAND ${CMAKE_COMMAND} -DBENCH=$<TARGET_FILE:sudoku-bench> -DOUTPUT_DIR=${_completions}
            -P ${CMAKE_CURRENT_LIST_DIR}/completions.cmake
    DEPENDS sudoku-bench ${CMAKE_CURRENT_LIST_DIR}/completions.cmake
    COMMENT "Writing the shell completions of sudoku-bench"
    VERBATIM)
  add_custom_target(sudoku_bench_completions ALL DEPENDS ${_completion_files})
  install(FILES ${_completions}/sudoku-bench DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
  install(FILES ${_completions}/_sudoku-bench DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/site-functions)
  install(FILES ${_completions}/sudoku-bench.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
endif()

# cpack -G DEB in the build directory: sudoku-bench_VERSION_ARCH.deb, its dependencies on shared
# libraries (libtbb12, libstdc++6, ...) found by dpkg-shlibdeps (dpkg-dev, file).
set(SUDOKU_BENCH_PACKAGE_MAINTAINER "sudoku-bench maintainers <maintainers@users.noreply.a-seed-666c9026.example>"
    CACHE STRING "The Maintainer field of the Debian package")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME sudoku-bench)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${SUDOKU_BENCH_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "throughput benchmark harness for Sudoku solvers")
# The extended description, in lines of Debian's width.
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
  "sudoku-bench streams puzzle files of any size through a oneTBB pipeline at"
  "1, 2, ... N threads and reports puzzles per second, thread scaling and the"
  "distributions of per-puzzle latency, search-tree size and guesses, as a"
  "table and as JSON with the machine's context; it compares two reports with"
  "a Mann-Whitney U test. Built-in solvers: bitmask, backtrack, norvig, logic,"
  "fast (SIMD) and cadical (a SAT reference); external solvers are loaded as"
  "plugins or run as programs."
  "."
  "For plugin authors: the plugin ABI header, the solver library (static,"
  "position-independent) with its headers, and a CMake package configuration"
  "(find_package(sudoku_bench))."
  )
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
include(CPack)
