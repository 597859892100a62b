# Runs one case of `kifu-pegc run` (cmake -P). Variables: PEGC, CASE_DIR, SOURCE_DIR, WORK_DIR.
#
# CASE_DIR/args.txt holds the arguments after `run`, one a line (after `test` when CASE_DIR/
# command.txt says `test`: the subcommand's name, absent: run). The command runs in
# SOURCE_DIR (the repository), so the file names in its messages are relative and stable.
# Its stdout must equal CASE_DIR/stdout.txt and its stderr CASE_DIR/stderr.txt byte for byte
# (an absent file: nothing), and it must exit with the number in CASE_DIR/exit.txt (absent: 0).
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
file(STRINGS "${CASE_DIR}/args.txt" args)
set(command run)
if(EXISTS "${CASE_DIR}/command.txt")
  file(STRINGS "${CASE_DIR}/command.txt" command LIMIT_COUNT 1)
endif()
execute_process(
  COMMAND "${PEGC}" ${command} ${args}
  WORKING_DIRECTORY "${SOURCE_DIR}"
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err
  RESULT_VARIABLE rc)
file(WRITE "${WORK_DIR}/stdout.txt" "${out}")
file(WRITE "${WORK_DIR}/stderr.txt" "${err}")

set(expected_exit 0)
if(EXISTS "${CASE_DIR}/exit.txt")
  file(STRINGS "${CASE_DIR}/exit.txt" expected_exit LIMIT_COUNT 1)
endif()
set(failed "")
if(NOT rc STREQUAL expected_exit)
  set(failed "${failed} exit code ${rc}, expected ${expected_exit};")
endif()
foreach(stream IN ITEMS stdout stderr)
  set(expected "")
  if(EXISTS "${CASE_DIR}/${stream}.txt")
    file(READ "${CASE_DIR}/${stream}.txt" expected)
  endif()
  file(READ "${WORK_DIR}/${stream}.txt" actual)
  if(NOT expected STREQUAL actual)
    if(EXISTS "${CASE_DIR}/${stream}.txt")
      execute_process(COMMAND diff -u "${CASE_DIR}/${stream}.txt" "${WORK_DIR}/${stream}.txt")
    else()
      message("unexpected ${stream}:\n${actual}")
    endif()
    set(failed "${failed} ${stream} differs from ${CASE_DIR}/${stream}.txt (given: ${WORK_DIR}/${stream}.txt);")
  endif()
endforeach()

if(failed)
  message(FATAL_ERROR "kifu-pegc run case ${CASE_DIR}:${failed}")
endif()
