# Runs COMMAND (a ;-list) and fails unless it exits with EXIT (cmake -P); when STDERR is
# set, stderr must contain it.
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc STREQUAL EXIT)
  message(FATAL_ERROR "exit code ${rc}, expected ${EXIT}\nstdout: ${out}\nstderr: ${err}")
endif()
if(DEFINED STDERR)
  string(FIND "${err}" "${STDERR}" found)
  if(found EQUAL -1)
    message(FATAL_ERROR "stderr lacks '${STDERR}':\n${err}")
  endif()
endif()
