# Run by ctest (see CMakeLists.txt here): install, build two consumer projects against the
# installed package, run their programs on test records and compare their whole outputs with
# tests/install/expected/.
#   consumer/    the examples of docs/library.md (docs/examples/*.cpp) with the CMakeLists.txt
#                that page shows;
#   everything/  a program that reads every registered format, walks every game model,
#                writes through every registered writer, round-trips SFEN and Shogi64, and
#                indexes and searches, through <kifu/kifu.hpp> alone.
cmake_minimum_required(VERSION 3.25)

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}")
  endif()
endfunction()

# check(<name> <expected file> <program> <arguments>...): runs the program from the source
# tree, expects exit 0, nothing on stderr, and stdout equal to tests/install/expected/<file>.
function(check name expected program)
  execute_process(COMMAND "${program}" ${ARGN}
    WORKING_DIRECTORY "${KIFU_SOURCE_DIR}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(expected_path "${KIFU_SOURCE_DIR}/tests/install/expected/${expected}")
  if(DEFINED ENV{KIFU_UPDATE_EXPECTED})
    file(WRITE "${expected_path}" "${out}")
  endif()
  file(READ "${expected_path}" wanted)
  if(NOT rc EQUAL 0 OR NOT err STREQUAL "" OR NOT out STREQUAL wanted)
    message(FATAL_ERROR "${name}: exit ${rc}\n--- stderr:\n${err}\n--- stdout:\n${out}\n--- expected stdout:\n${wanted}")
  endif()
  message(STATUS "${name}: output as expected")
endfunction()

# One record of every registered format (everything fails when a format has none here).
set(every_format
      tests/data/samples/yagura-opening.csa
      tests/data/samples/yagura-castle.kif
      tests/data/cli/shogi-writers/yagura-opening.ki2
      tests/data/samples/bishop-exchange.jkf
      tests/data/fuzz/usi/games.usi
      tests/data/samples/short-9x9.sgf
      tests/data/fuzz/nhk/three-moves.txt
      tests/data/go/gib/handicap2-utf8.gib
      tests/data/go/ngf/handicap2-gb18030.ngf
      tests/data/fuzz/ugf/passes-13.ugf
      tests/data/samples/othello-opening.ggf
      tests/data/fuzz/wthor/two-games.wtb)

if(PROGRAM)
  # install.everything_shared: only the program, built in the build tree.
  file(REMOVE_RECURSE "${SCRATCH}")
  file(MAKE_DIRECTORY "${SCRATCH}")
  check("everything (shared library)" everything.out "${PROGRAM}" "${SCRATCH}/everything.kdb" ${every_format})
  return()
endif()

file(REMOVE_RECURSE "${SCRATCH}")
set(prefix "${SCRATCH}/prefix")
run("cmake --install" ${CMAKE_COMMAND} --install "${KIFU_BUILD_DIR}" --prefix "${prefix}")
foreach(installed IN ITEMS "${prefix}/bin/kifu" "${prefix}/include/kifu/kifu.hpp")
  if(NOT EXISTS "${installed}")
    message(FATAL_ERROR "not installed: ${installed}")
  endif()
endforeach()

# The consumers' sources are exactly what docs/library.md shows (and everything.cpp).
file(GLOB examples "${KIFU_SOURCE_DIR}/docs/examples/*.cpp")
file(COPY "${KIFU_SOURCE_DIR}/tests/install/consumer/CMakeLists.txt" ${examples} DESTINATION "${SCRATCH}/consumer")
file(COPY "${KIFU_SOURCE_DIR}/tests/install/everything/CMakeLists.txt"
          "${KIFU_SOURCE_DIR}/tests/install/everything/everything.cpp" DESTINATION "${SCRATCH}/everything")
foreach(project IN ITEMS consumer everything)
  run("configuring ${project}" ${CMAKE_COMMAND} -S "${SCRATCH}/${project}" -B "${SCRATCH}/build-${project}"
      -DCMAKE_BUILD_TYPE=Release
      "-DCMAKE_PREFIX_PATH=${prefix}"
      -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
      "-DCMAKE_CXX_COMPILER=${CXX}"
      "-DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}"
      "-DCMAKE_EXE_LINKER_FLAGS=${LINK_FLAGS}")
  run("building ${project}" ${CMAKE_COMMAND} --build "${SCRATCH}/build-${project}")
endforeach()

set(examples "${SCRATCH}/build-consumer")
check("read_jkf" read_jkf.out "${examples}/read_jkf" tests/data/samples/yagura-opening.csa)
check("walk_games" walk_games.out "${examples}/walk_games" tests/data/samples/short-9x9.sgf)
check("walk_games othello" walk_games_othello.out "${examples}/walk_games" tests/data/samples/othello-opening.ggf)
check("convert --list" convert_list.out "${examples}/convert" --list)
check("convert kif" convert_kif.out "${examples}/convert" tests/data/samples/yagura-opening.csa kifu)
check("position_codes" position_codes.out "${examples}/position_codes" tests/data/samples/yagura-castle.kif 6)
check("search_positions" search_positions.out "${examples}/search_positions" "${SCRATCH}/games.kdb"
      tests/data/search/shogi-b.csa tests/data/search/shogi-two-games.csa tests/data/search/shogi-a.csa)

check("everything" everything.out "${SCRATCH}/build-everything/everything" "${SCRATCH}/everything.kdb" ${every_format})
