# Output paths are checked before the run: when one of them cannot be written, weft exits 2 and
# leaves the others as they were (an existing file keeps its contents, a new one is not created).
#   cmake -DWEFT=<weft> -DDIR=<scratch dir> -P outputs_untouched.cmake
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
file(WRITE ${DIR}/kept.json "earlier results\n")
execute_process(COMMAND ${WEFT} run ring -m ring:4 --alpha 1us --json ${DIR}/kept.json --heatmap ${DIR}/new.svg
                        --trace /nonexistent/trace.json
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err TIMEOUT 60)
file(READ ${DIR}/kept.json kept)
if(NOT rc EQUAL 2 OR NOT err MATCHES "^weft: error: --trace file '/nonexistent/trace.json' cannot be written")
  message(FATAL_ERROR "exit ${rc}, stderr: ${err}")
endif()
if(NOT kept STREQUAL "earlier results\n")
  message(FATAL_ERROR "--json file was changed before the run was refused: '${kept}'")
endif()
if(EXISTS ${DIR}/new.svg)
  message(FATAL_ERROR "--heatmap file was created although the run was refused")
endif()
