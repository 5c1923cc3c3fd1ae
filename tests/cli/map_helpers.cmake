# Helpers of map.cmake and map_scotch.cmake (WEFT, DIR and common come from the caller).

# map_on_1_and_2_workers(TAG OUT_REGEX ARGS...): weft map ARGS --json DIR/TAG<w>.json
# --out DIR/TAG<w>.map --workers <w> for w = 1, 2; each must exit 0 with stdout matching
# OUT_REGEX, and the two JSON files must be equal. Sets TAG_json to the JSON's rows.
function(map_on_1_and_2_workers tag out_regex)
  foreach(w 1 2)
    execute_process(COMMAND ${WEFT} map ${ARGN} --json ${DIR}/${tag}${w}.json --out ${DIR}/${tag}${w}.map --workers ${w}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
    if(NOT rc EQUAL 0 OR NOT out MATCHES "${out_regex}")
      message(FATAL_ERROR "weft map ${ARGN} --workers ${w}: exit ${rc}\n${out}${err}")
    endif()
  endforeach()
  file(READ ${DIR}/${tag}1.json j1)
  file(READ ${DIR}/${tag}2.json j2)
  if(NOT j1 STREQUAL j2)
    message(FATAL_ERROR "weft map ${ARGN}: the JSON differs between 1 and 2 workers")
  endif()
  string(JSON status GET "${j1}" status)
  if(NOT status STREQUAL "ok")
    message(FATAL_ERROR "weft map ${ARGN}: JSON status ${status}")
  endif()
  string(JSON rows GET "${j1}" rows)
  set(${tag}_json "${rows}" PARENT_SCOPE)
endfunction()

# expect_rerun_makespan(MAP PROCS EXPECTED_PS): weft run nas-cg with the mapping file MAP on
# ${common} (the caller's machine and link options) must give makespan EXPECTED_PS exactly.
function(expect_rerun_makespan map procs expected)
  execute_process(COMMAND ${WEFT} run nas-cg --procs ${procs} -m ${common} -b 1MiB --mapping file:${map} --json ${DIR}/run.json
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err TIMEOUT 60)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "weft run --mapping file:${map}: exit ${rc}: ${err}")
  endif()
  file(READ ${DIR}/run.json r)
  string(JSON got GET "${r}" makespan)
  if(NOT got EQUAL expected)
    message(FATAL_ERROR "weft run with the mapping ${map}: makespan ${got} ps, weft map reported ${expected} ps")
  endif()
endfunction()
