# What `cmake --install` puts under the prefix (README.md, "Installing"):
#   bin/sudoku-bench                           the program
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
