# weft map --search (issue 24 §5): the default search (TAC3 plus its tie-break) against the
# paper's, TAC3 alone, on the paper's job 1 (NAS CG 8x8 in 1x2x4 of the 4x2x8x2x3x2 machine),
# and the collision-free fraction over the runs, exact, in the text, the JSON and the CSV.
#   cmake -DWEFT=<weft> -DDIR=<scratch dir> -P map_search.cmake
include(${CMAKE_CURRENT_LIST_DIR}/map_helpers.cmake)
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
set(job1 --machine tofu:1x2x4@4x2x8 --alpha 1us --bandwidth 5GB/s --program nas-cg --procs 64 --bytes 1MiB
         --objective tac3 --runs 5 --seed 1)

# expect_row(JSON_ROWS CASE TAC3_BYTES COLLISION_FREE_RUNS FRACTION): row 0 of a map JSON.
function(expect_row rows what tac3 free fraction)
  string(JSON got_tac3 GET "${rows}" 0 tac3_bytes)
  string(JSON got_runs GET "${rows}" 0 runs)
  string(JSON got_free GET "${rows}" 0 collision_free_runs)
  string(JSON got_fraction GET "${rows}" 0 collision_free_fraction)
  if(NOT got_tac3 EQUAL tac3 OR NOT got_free EQUAL free OR NOT got_fraction STREQUAL fraction OR NOT got_runs EQUAL 5)
    message(FATAL_ERROR "weft map ${what}: TAC3 x B ${got_tac3}, ${got_free} of ${got_runs} runs collision-free "
                        "(fraction ${got_fraction}); expected ${tac3}, ${free} of 5 (${fraction})")
  endif()
endfunction()

# Default: every run reaches TAC3 = 4 B, one message per link in each of the 4 sets.
map_on_1_and_2_workers(d "\ntac3 +4194304 +4194304 .* 5/5\n" ${job1})
expect_row("${d_json}" "--search default" 4194304 5 1.0)
# TAC3 alone wanders on its plateau: no run is collision-free (the paper: 6 of 10).
map_on_1_and_2_workers(p "TAC3 searched alone \\(--search tac3-only\\)\n.*\ntac3 +7340032 +7340032 .* 0/5\n"
                       ${job1} --search tac3-only)
expect_row("${p_json}" "--search tac3-only" 7340032 0 0.0)
file(READ ${DIR}/p1.json whole)
string(JSON search GET "${whole}" search)
if(NOT search STREQUAL "tac3-only")
  message(FATAL_ERROR "weft map --search tac3-only: the JSON says search '${search}'")
endif()

# A fraction between 0 and 1 (NAS CG 4x8 on torus:4x8: 3 runs in 10), in the CSV too.
execute_process(COMMAND ${WEFT} map --machine torus:4x8 --alpha 1us --bandwidth 5GB/s --program nas-cg:4x8 --bytes 1MiB
                        --objective tac3 --runs 10 --seed 1 --csv ${DIR}/t.csv
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
file(STRINGS ${DIR}/t.csv csv)
list(GET csv 1 row)
if(NOT rc EQUAL 0 OR NOT out MATCHES "\ntac3 .* 3/10\n" OR NOT row MATCHES ",10,3,0\\.300000,default$")
  message(FATAL_ERROR "weft map torus:4x8 --runs 10: exit ${rc}, CSV row '${row}'\n${out}${err}")
endif()
