# Runs one golden case of kifu-pegc (cmake -P). Variables: PEGC, CASE_DIR, NAME, WORK_DIR.
#
# The case's grammar.peg is copied to WORK_DIR/<NAME>.peg and compiled from WORK_DIR, so the
# banner and the diagnostics name "<NAME>.peg" and the namespace is kifu::grammar::<NAME>
# (distinct per case, so several case headers can live in one test program).
# args.txt, when present, holds options that go before the grammar (`--check --Werror`).
# - expected.hpp: exit 0, stdout must equal it byte for byte; stderr must equal
#   expected_error.txt when that exists too (warnings), else be empty.
# - expected_error.txt alone: exit 1, stdout empty, stderr equal byte for byte.
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
configure_file("${CASE_DIR}/grammar.peg" "${WORK_DIR}/${NAME}.peg" COPYONLY)
set(options "")
if(EXISTS "${CASE_DIR}/args.txt")
  file(READ "${CASE_DIR}/args.txt" options)
  string(STRIP "${options}" options)
  separate_arguments(options UNIX_COMMAND "${options}")
endif()
execute_process(
  COMMAND "${PEGC}" ${options} "${NAME}.peg"
  WORKING_DIRECTORY "${WORK_DIR}"
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err
  RESULT_VARIABLE rc)
file(WRITE "${WORK_DIR}/actual.hpp" "${out}")
file(WRITE "${WORK_DIR}/actual_error.txt" "${err}")

set(failed "")
function(compare expected_file actual_file)
  file(READ "${expected_file}" expected)
  file(READ "${actual_file}" actual)
  if(NOT expected STREQUAL actual)
    execute_process(COMMAND diff -u "${expected_file}" "${actual_file}")
    set(failed "${failed} ${actual_file} differs from ${expected_file};" PARENT_SCOPE)
  endif()
endfunction()

if(EXISTS "${CASE_DIR}/expected.hpp")
  if(NOT rc EQUAL 0)
    set(failed "${failed} exit code ${rc}, expected 0;")
  endif()
  compare("${CASE_DIR}/expected.hpp" "${WORK_DIR}/actual.hpp")
  if(EXISTS "${CASE_DIR}/expected_error.txt")
    compare("${CASE_DIR}/expected_error.txt" "${WORK_DIR}/actual_error.txt")
  elseif(NOT err STREQUAL "")
    set(failed "${failed} unexpected stderr: ${err};")
  endif()
elseif(EXISTS "${CASE_DIR}/expected_error.txt")
  if(NOT rc EQUAL 1)
    set(failed "${failed} exit code ${rc}, expected 1;")
  endif()
  if(NOT out STREQUAL "")
    set(failed "${failed} output on stdout although the grammar has errors;")
  endif()
  compare("${CASE_DIR}/expected_error.txt" "${WORK_DIR}/actual_error.txt")
else()
  set(failed "case ${CASE_DIR} has neither expected.hpp nor expected_error.txt")
endif()

if(failed)
  message(FATAL_ERROR "pegc case ${NAME}:${failed}")
endif()
