# Run by ctest (see CMakeLists.txt here): install, build a consumer, run it, compare.
cmake_minimum_required(VERSION 3.25)

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}")
  endif()
endfunction()

file(REMOVE_RECURSE "${SCRATCH}")
set(prefix "${SCRATCH}/prefix")
run("cmake --install" ${CMAKE_COMMAND} --install "${KIFU_BUILD_DIR}" --prefix "${prefix}")

# The consumer's sources are exactly what docs/library.md shows.
file(COPY "${KIFU_SOURCE_DIR}/tests/install/consumer/CMakeLists.txt"
          "${KIFU_SOURCE_DIR}/docs/examples/read_jkf.cpp"
          "${KIFU_SOURCE_DIR}/docs/examples/search_positions.cpp"
     DESTINATION "${SCRATCH}/consumer")
run("configuring the consumer" ${CMAKE_COMMAND} -S "${SCRATCH}/consumer" -B "${SCRATCH}/build"
    -DCMAKE_BUILD_TYPE=Release
    "-DCMAKE_PREFIX_PATH=${prefix}"
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
    "-DCMAKE_CXX_COMPILER=${CXX}"
    "-DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}"
    "-DCMAKE_EXE_LINKER_FLAGS=${LINK_FLAGS}")
run("building the consumer" ${CMAKE_COMMAND} --build "${SCRATCH}/build")

foreach(program IN ITEMS "${prefix}/bin/kifu" "${prefix}/include/kifu/kifu.hpp")
  if(NOT EXISTS "${program}")
    message(FATAL_ERROR "not installed: ${program}")
  endif()
endforeach()

set(sample "tests/data/samples/yagura-opening.csa")
execute_process(COMMAND "${SCRATCH}/build/read_jkf" "${sample}"
  WORKING_DIRECTORY "${KIFU_SOURCE_DIR}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ "${KIFU_SOURCE_DIR}/tests/install/expected/read_jkf.out" expected)
if(NOT rc EQUAL 0 OR NOT err STREQUAL "" OR NOT out STREQUAL expected)
  message(FATAL_ERROR "read_jkf ${sample}: exit ${rc}\n--- stderr:\n${err}\n--- stdout:\n${out}\n--- expected stdout:\n${expected}")
endif()
message(STATUS "read_jkf ${sample}: output as expected")

set(samples "tests/data/search/shogi-b.csa" "tests/data/search/shogi-two-games.csa" "tests/data/search/shogi-a.csa")
execute_process(COMMAND "${SCRATCH}/build/search_positions" "${SCRATCH}/games.kdb" ${samples}
  WORKING_DIRECTORY "${KIFU_SOURCE_DIR}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ "${KIFU_SOURCE_DIR}/tests/install/expected/search_positions.out" expected)
if(NOT rc EQUAL 0 OR NOT err STREQUAL "" OR NOT out STREQUAL expected)
  message(FATAL_ERROR "search_positions: exit ${rc}\n--- stderr:\n${err}\n--- stdout:\n${out}\n--- expected stdout:\n${expected}")
endif()
message(STATUS "search_positions: output as expected")
