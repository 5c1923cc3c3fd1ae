# Runs ${WEFT} ${ARGS}; passes when it exits with 2 and stderr is one line starting with ${EXPECT}.
execute_process(COMMAND ${WEFT} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${err}" "${EXPECT}" at)
string(REGEX MATCHALL "\n" lines "${err}")
list(LENGTH lines count)
if(NOT rc EQUAL 2 OR NOT at EQUAL 0 OR NOT count EQUAL 1)
  message(FATAL_ERROR "weft ${ARGS}: exit ${rc}, stderr '${err}' (expected exit 2 and one line starting '${EXPECT}')")
endif()
