# Runs `kifu-pegc --check --Werror` on every grammars/*.peg (cmake -P): the shipped grammars
# must give no warning at all, so that every warning kifu-pegc gives a new grammar is worth
# reading. Variables: PEGC, SOURCE_DIR.
file(GLOB grammars RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/grammars/*.peg")
list(SORT grammars)
set(failed "")
foreach(grammar IN LISTS grammars)
  execute_process(
    COMMAND "${PEGC}" --check --Werror "${grammar}"
    WORKING_DIRECTORY "${SOURCE_DIR}"
    OUTPUT_VARIABLE out
    ERROR_VARIABLE err
    RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT err STREQUAL "" OR NOT out STREQUAL "")
    string(APPEND failed "\n  ${grammar}: exit ${rc}\n${err}${out}")
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "kifu-pegc --check --Werror fails on:${failed}")
endif()
list(LENGTH grammars count)
message(STATUS "${count} grammar(s) checked without a warning")
