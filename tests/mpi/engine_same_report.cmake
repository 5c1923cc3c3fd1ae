# Runs one weft command in one process, then spread over RANKS ranks (--engine mpi), and compares
# the two reports, less their host sections, byte for byte (tests/golden/same_report.cmake): the
# cases too large, or too many, to keep a stored report for.
#   cmake -DMPIEXEC="mpiexec|flag|...|-n" -DRANKS=4 -DWORK=dir [-DEXPECT_EXIT=0]
#         -P engine_same_report.cmake -- <weft> <args...>
include(${CMAKE_CURRENT_LIST_DIR}/../support/command_after_separator.cmake)
if(NOT DEFINED EXPECT_EXIT)
  set(EXPECT_EXIT 0)
endif()
string(REPLACE "|" ";" mpiexec "${MPIEXEC}")
set(same ${CMAKE_CURRENT_LIST_DIR}/../golden/same_report.cmake)
file(MAKE_DIRECTORY "${WORK}")
set(reference "${WORK}/single.json")
foreach(step IN ITEMS one_process ranks)
  if(step STREQUAL "one_process")
    set(run -DUPDATE=ON -P ${same} -- ${cmd})
  else()
    set(run -P ${same} -- ${mpiexec} ${RANKS} ${cmd} --engine mpi)
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -DGOLDEN=${reference} -DEXPECT_EXIT=${EXPECT_EXIT} ${run}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${step}: ${out}${err}")
  endif()
endforeach()
file(REMOVE "${reference}")
