#!/usr/bin/env bash
# The sanitizer build (AddressSanitizer + UndefinedBehaviorSanitizer) and the whole suite in it.
#   tests/sanitize/run.sh [build-dir]        (default build-asan, next to build/)
# WEFT_SANITIZE picks the sanitizers (default address,undefined), JOBS the parallelism (default 2).
# See tests/sanitize/README.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
# A UBSan finding aborts the test (-fno-sanitize-recover); the stack says where it came from.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
dir=${1:-build-asan}
jobs=${JOBS:-2}
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
# The benchmarks are not part of the suite: not built here.
cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DWEFT_SANITIZE=${WEFT_SANITIZE:-address,undefined}" \
      -DWEFT_BUILD_BENCH=OFF "${launcher[@]}"
cmake --build "$dir" -j"$jobs"
built=$SECONDS
status=0
ctest --test-dir "$dir" --output-on-failure -j"$jobs" || status=$?
echo "sanitizer build ${built} s, suite $((SECONDS - built)) s"
exit "$status"
