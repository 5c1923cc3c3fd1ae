#!/bin/sh
# Builds the libFuzzer harnesses with clang in their own build folder and runs each one in turn.
#
#   tests/fuzz/run.sh [RUNS] [SECONDS]      e.g. tests/fuzz/run.sh 1000000 600
#
# RUNS inputs per harness (default 100000), each run bounded by SECONDS of wall time (default
# 300). One harness at a time, one process: the machine is shared. The seed corpus
# (tests/fuzz/corpus/<harness>) is copied into the build folder, so the committed seeds stay
# small; crashes land in build-fuzz/fuzz/<harness>/crash-* with the input that caused them.
# WEFT_FUZZ_ONLY="units_fuzz preset_fuzz" runs a subset.
set -eu
runs=${1:-100000}
seconds=${2:-300}
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${WEFT_FUZZ_BUILD:-$src/build-fuzz}
harnesses=${WEFT_FUZZ_ONLY:-"topology_spec_fuzz edge_list_fuzz units_fuzz preset_fuzz mapping_fuzz trace_fuzz comm_log_fuzz matrix_market_fuzz"}

launcher=""
command -v ccache >/dev/null && launcher="-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"
cmake -S "$src" -B "$build" -DCMAKE_CXX_COMPILER=clang++ $launcher -DWEFT_FUZZ=ON \
  -DWEFT_BUILD_TESTS=OFF -DWEFT_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
# shellcheck disable=SC2086
cmake --build "$build" -j2 --target $harnesses

# Three harnesses write every input to a file: keep those in memory when possible.
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then export TMPDIR=/dev/shm; fi

status=0
for h in $harnesses; do
  work="$build/fuzz/$h"
  mkdir -p "$work/corpus"
  cp -n "$src/tests/fuzz/corpus/$h/"* "$work/corpus/" 2>/dev/null || true
  echo "== $h: $runs inputs, at most ${seconds}s"
  if ! (cd "$work" && "$build/tests/fuzz/$h" -runs="$runs" -max_total_time="$seconds" -max_len=4096 \
        -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 corpus >"$work/log" 2>&1); then
    echo "   FAILED: see $work/log and $work/crash-*"
    status=1
  fi
  grep -E "stat::number_of_executed_units|^Done" "$work/log" | sed 's/^/   /' || true
done
exit $status
