# --comm-log writes every PE's communication calls as JSON Lines (docs/report.md): a ping-pong of
# 1 KiB on two PEs, exactly; coll logs the last run with a collective marker before its calls.
#   cmake -DWEFT=<weft> -DDIR=<scratch dir> -P comm_log.cmake
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${WEFT} run pingpong -m ring:2 --alpha 1us --bandwidth 4GB/s -b 1KiB --comm-log ${DIR}/p.jsonl
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "weft run pingpong: exit ${rc}, stderr: ${err}")
endif()
file(READ ${DIR}/p.jsonl got)
set(expected [=[{"pe":0,"seq":0,"call":"send","peer":1,"tag":0,"bytes":1024,"t_ps":0}
{"pe":0,"seq":1,"call":"recv","peer":1,"tag":0,"bytes":1024,"t_ps":0}
{"pe":1,"seq":0,"call":"recv","peer":0,"tag":0,"bytes":1024,"t_ps":0}
{"pe":1,"seq":1,"call":"send","peer":0,"tag":0,"bytes":1024,"t_ps":1256000}
]=])
if(NOT got STREQUAL expected)
  message(FATAL_ERROR "pingpong log:\n${got}\nexpected:\n${expected}")
endif()

execute_process(COMMAND ${WEFT} coll --op allreduce --sizes 8B,16B -p 2 -m ring:2 --alpha 1us --comm-log ${DIR}/c.jsonl
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "weft coll: exit ${rc}, stderr: ${err}")
endif()
file(READ ${DIR}/c.jsonl got)
if(NOT got MATCHES "\"call\":\"collective\",\"name\":\"allreduce\",\"algorithm\":\"[a-z-]+\"" OR
   NOT got MATCHES "\"tag\":-16,\"bytes\":16," OR got MATCHES "\"bytes\":8,")
  message(FATAL_ERROR "coll log (the 16-byte run's, with a marker, expected):\n${got}")
endif()

# The log weft writes is the log weft ccs reads: an all-to-all (isends, irecvs from any source with
# -1 sizes, one wait_all) is one set of 16 x 15 messages; a recursive-doubling allreduce on 8 PEs
# is log2 8 = 3 sets of 8 exchanges, after the benchmark's own barrier.
execute_process(COMMAND ${WEFT} run alltoall -m torus:4x4 --alpha 1us --bandwidth 4GB/s --comm-log ${DIR}/a.jsonl
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err TIMEOUT 60)
execute_process(COMMAND ${WEFT} ccs ${DIR}/a.jsonl RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0 OR NOT out MATCHES "summary: 1 set, 240 messages")
  message(FATAL_ERROR "weft ccs of an all-to-all log: exit ${rc}\n${out}${err}")
endif()
execute_process(COMMAND ${WEFT} coll --op allreduce -a recursive-doubling --sizes 8B -p 8 -m torus:2x4 --alpha 1us
                        --comm-log ${DIR}/r.jsonl RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err TIMEOUT 60)
execute_process(COMMAND ${WEFT} ccs ${DIR}/r.jsonl RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0 OR NOT out MATCHES "CCS 3: 8 messages: 0->1 8B, 1->0 8B.*CCS 4: 8 messages: 0->2 8B.*CCS 5: 8 messages: 0->4 8B.*summary: 6 sets")
  message(FATAL_ERROR "weft ccs of a recursive-doubling allreduce log: exit ${rc}\n${out}${err}")
endif()

# The NAS CG kernel as a live program (weft run nas-cg, 32 PEs = NPB's 4 x 8 grid) logs the
# paper's 4 sets; on tofu:1x1x4 its TAC3 equals that of the generated log (tests/data/ccs):
# collisions 1 2 1 3 per set. (The live program skips the 8 transpose exchanges a PE has with
# itself; those cross no link, so the objectives agree.)
execute_process(COMMAND ${WEFT} run nas-cg -p 32 -m tofu:1x1x4 --alpha 1us --bandwidth 5GB/s -b 1MiB
                        --comm-log ${DIR}/n.jsonl RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err TIMEOUT 60)
execute_process(COMMAND ${WEFT} ccs ${DIR}/n.jsonl -m tofu:1x1x4 --bandwidth 5GB/s RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0 OR NOT out MATCHES "4 concurrent communication sets in 8 rounds.*summary: 4 sets, 120 messages.*TAC3 +1\\.468 ms at 5GB/s \\(7340032 bytes x collisions\\); collisions per set: 1 2 1 3")
  message(FATAL_ERROR "weft ccs of a live nas-cg log: exit ${rc}\n${out}${err}")
endif()
