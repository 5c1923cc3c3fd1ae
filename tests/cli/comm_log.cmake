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

execute_process(COMMAND ${WEFT} coll --op allreduce --sizes 8,16 -p 2 -m ring:2 --alpha 1us --comm-log ${DIR}/c.jsonl
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "weft coll: exit ${rc}, stderr: ${err}")
endif()
file(READ ${DIR}/c.jsonl got)
if(NOT got MATCHES "\"call\":\"collective\",\"name\":\"allreduce\",\"algorithm\":\"[a-z-]+\"" OR
   NOT got MATCHES "\"tag\":-16,\"bytes\":16," OR got MATCHES "\"bytes\":8,")
  message(FATAL_ERROR "coll log (the 16-byte run's, with a marker, expected):\n${got}")
endif()
