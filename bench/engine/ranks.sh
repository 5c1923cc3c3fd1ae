#!/usr/bin/env bash
# The engine over MPI ranks (docs/distributed.md; docs/PERFORMANCE.md "The engine over MPI ranks"):
# each job in one process (--engine single, 1 and 2 workers) and spread over ranks (--engine mpi,
# 1 rank, and 2 ranks x 1 worker), with wall time, engine events/s, and per rank the windows and
# the wall time spent waiting at their ends (host.ranks of the JSON report). Medians of REPEAT.
#
#   bench/engine/ranks.sh [BUILD_DIR] [REPEAT] [JOB...]     JOB: smpi alltoall1024 alltoall4096 flit
set -euo pipefail
build=${1:-build}
repeat=${2:-3}
shift $(( $# > 2 ? 2 : $# ))
jobs=("$@")
[ ${#jobs[@]} -eq 0 ] && jobs=(smpi alltoall1024 alltoall4096 flit)
weft=$(realpath "$build/apps/weft")
mpirun=(mpirun --allow-run-as-root --oversubscribe --mca btl self,vader)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

args_of() {
  case $1 in
    smpi) echo "run alltoall -m torus:16x16 --bandwidth 4GB/s --hop-latency 50ns" ;;  # the SMPI comparison's job
    alltoall1024) echo "run alltoall -m torus:32x32 --alpha 1us --bandwidth 4GB/s --hop-latency 50ns" ;;
    alltoall4096) echo "run alltoall -m torus:64x64 --alpha 1us --bandwidth 4GB/s --hop-latency 50ns" ;;
    flit) echo "traffic -m torus:32x32 --network flit --load 0.05 --cycles 10000 --warmup 1000" ;;
  esac
}

# One run: prints "wall events_per_s windows wait_rank0 wait_rank1 ..." from --verbose's host lines
# (weft run's "wall" and "rank" lines; weft traffic's "host:" line under its point).
one() {  # ranks (0: one process), workers, job
  local ranks=$1 workers=$2 job=$3 out=$tmp/out.txt
  # shellcheck disable=SC2046
  if [ "$ranks" = 0 ]; then
    "$weft" $(args_of "$job") --workers "$workers" --verbose >"$out" 2>&1
  else
    "${mpirun[@]}" -np "$ranks" "$weft" $(args_of "$job") --workers "$workers" --engine mpi --verbose >"$out" 2>&1
  fi
  python3 - "$out" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
m = re.search(r"^wall ([0-9.]+) s, \d+ engine events \(([0-9.e+]+)/s\)", text, re.M) or \
    re.search(r"host: wall ([0-9.]+) s, \d+ engine events \(([0-9.e+]+)/s\)", text)
wall, eps = m.group(1), m.group(2)
ranks = re.findall(r"^  rank \d+ +\d+ +\d+ +(\d+) +([0-9.]+)", text, re.M)
waits = [w for _, w in ranks]
windows = ranks[0][0] if ranks else "0"
t = re.search(r"host: wall .*?, (\d+) windows, wait at their ends \(s\):((?: [0-9.]+)+)", text)
if t: windows, waits = t.group(1), t.group(2).split()
print(wall, eps, windows, " ".join(waits))
PY
}

median_line() {  # lines of "wall eps windows waits...": the line of the median wall
  sort -g | awk '{l[NR]=$0} END {print l[int((NR+1)/2)]}'
}

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(date -u +%FT%RZ)"
echo "medians of $repeat runs (by wall time)"
echo
echo "| job | engine | wall | events/s | windows | wait at window ends, per rank |"
echo "| --- | --- | ---: | ---: | ---: | --- |"
for job in "${jobs[@]}"; do
  for config in "0 1 one process, 1 worker" "0 2 one process, 2 workers" "1 1 mpi, 1 rank" "2 1 mpi, 2 ranks x 1 worker"; do
    read -r ranks workers label <<<"$config"
    line=$(for ((i = 0; i < repeat; ++i)); do one "$ranks" "$workers" "$job"; done | median_line)
    read -r wall eps windows waits <<<"$line"
    printf '| %s | %s | %.3f s | %.3g | %s | %s |\n' "$job" "$label" "$wall" "$eps" "$windows" "${waits:-—}"
  done
done
