# Runs ${WEFT} ${ARGS}; passes when it exits 0 and stdout equals the file ${EXPECTED} byte for byte.
execute_process(COMMAND ${WEFT} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ ${EXPECTED} want)
if(NOT rc EQUAL 0 OR NOT out STREQUAL want)
  message(FATAL_ERROR "weft ${ARGS}: exit ${rc}, stderr '${err}'\n--- got ---\n${out}--- expected (${EXPECTED}) ---\n${want}")
endif()
