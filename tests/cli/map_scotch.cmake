# weft map --objective scotch (issue 14 point 8): on the paper's 48-node job Scotch's placement is
# the same in two runs with one seed (on 1 and 2 workers), its cost is its hop-bytes (cost_measure
# says so), and its --out mapping run again with weft run --mapping gives the reported makespan
# exactly. Scotch is not tied to Tofu: a torus:4x4 run works too. (No --runs: Scotch is one
# placement, and map refuses --runs without a searched objective.)
#   cmake -DWEFT=<weft> -DDIR=<scratch dir> -P map_scotch.cmake
include(${CMAKE_CURRENT_LIST_DIR}/map_helpers.cmake)
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
set(common tofu:1x1x4@4x2x8 --alpha 1us --bandwidth 5GB/s)
map_on_1_and_2_workers(s "\nscotch .*\ncost: TAC3 x B \\(default\\); hop-bytes \\(scotch\\)\n"
                       --machine ${common} --program nas-cg --procs 32 --bytes 1MiB --objective default,scotch --seed 3)
set(j1 "${s_json}")
string(JSON name GET "${j1}" 1 objective)
string(JSON measure GET "${j1}" 1 cost_measure)
string(JSON cost GET "${j1}" 1 cost)
string(JSON hb GET "${j1}" 1 hop_bytes)
string(JSON makespan GET "${j1}" 1 makespans_ps 0)
string(REGEX REPLACE "\\.0$" "" cost "${cost}")
if(NOT name STREQUAL "scotch" OR NOT measure STREQUAL "hop_bytes" OR NOT cost STREQUAL hb)
  message(FATAL_ERROR "weft map JSON: expected scotch with cost = hop_bytes (${cost} vs ${hb}, measure ${measure})\n${j1}")
endif()

expect_rerun_makespan(${DIR}/s1.map 32 ${makespan})

execute_process(COMMAND ${WEFT} map --machine torus:4x4 --program ring --objective scotch --alpha 1us --bandwidth 4GB/s
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\nscotch ")
  message(FATAL_ERROR "weft map -m torus:4x4 --objective scotch: exit ${rc}\n${out}${err}")
endif()
