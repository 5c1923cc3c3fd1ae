# weft cg on MPI ranks does the emulator's arithmetic bit for bit: the same iteration count and
# the same solution file, whatever the times. Also checks the JSON says backend mpi.
#   cmake -DWEFT=... -DRANKS=N "-DMPIEXEC=mpiexec|flags|-n" -DWORK=dir -P cg_matches_emulator.cmake -- <cg args>
# (MPIEXEC's words are joined by | : a ; would split the -D argument on its way through ctest.)
include(${CMAKE_CURRENT_LIST_DIR}/../support/command_after_separator.cmake)
string(REPLACE "|" ";" MPIEXEC "${MPIEXEC}")
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${WEFT} cg ${cmd} -m full:${RANKS} --flops 1Gflops --free-messages --procs ${RANKS} --solution ${WORK}/emulator.mtx
                RESULT_VARIABLE rc OUTPUT_VARIABLE emulator ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "emulator run: exit ${rc}\n${emulator}${err}")
endif()
execute_process(COMMAND ${MPIEXEC} ${RANKS} ${WEFT} cg --backend mpi ${cmd} --solution ${WORK}/mpi.mtx --json ${WORK}/mpi.json
                RESULT_VARIABLE rc OUTPUT_VARIABLE ranks ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "MPI run: exit ${rc}\n${ranks}${err}")
endif()
# The row: PEs, status, iterations; the times differ by design.
set(row_regex "\n +${RANKS} +([a-z-]+) +([0-9]+) ")
string(REGEX MATCH "${row_regex}" unused "${emulator}")
set(emulator_row "${CMAKE_MATCH_1} ${CMAKE_MATCH_2}")
string(REGEX MATCH "${row_regex}" unused "${ranks}")
set(mpi_row "${CMAKE_MATCH_1} ${CMAKE_MATCH_2}")
if(NOT emulator_row STREQUAL mpi_row OR mpi_row STREQUAL " ")
  message(FATAL_ERROR "status and iterations differ: emulator '${emulator_row}', mpi '${mpi_row}'\n${emulator}\n${ranks}")
endif()
# The solutions without their comment line (which names the machine).
file(STRINGS ${WORK}/emulator.mtx e REGEX "^[^%]")
file(STRINGS ${WORK}/mpi.mtx m REGEX "^[^%]")
if(NOT e STREQUAL m)
  message(FATAL_ERROR "the solutions differ (${WORK}/emulator.mtx, ${WORK}/mpi.mtx)")
endif()
file(READ ${WORK}/mpi.json json)
if(NOT json MATCHES "\"backend\": \"mpi\"" OR NOT json MATCHES "\"deterministic\": false")
  message(FATAL_ERROR "the JSON does not say backend mpi, not deterministic:\n${json}")
endif()
message(STATUS "emulator and ${RANKS} MPI ranks agree: ${mpi_row}")
