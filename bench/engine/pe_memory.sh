#!/usr/bin/env bash
# What a PE costs (docs/PERFORMANCE.md, "What a PE costs in memory"): peak RSS and wall time of
# a token ring and of an all-to-all, with a fiber stack per PE (--stacks own) and with shared
# stacks (--stacks shared), in one process with one worker. Medians of REPEAT runs, alternating.
#
#   bench/engine/pe_memory.sh [BUILD_DIR] [REPEAT] [JOB...]
#   JOB: ring:N (weft run ring -m ring:N) or alltoall (torus:32x32, 1,024 PEs)
set -euo pipefail
build=${1:-build}
repeat=${2:-3}
shift $(( $# > 2 ? 2 : $# ))
jobs=("$@")
[ ${#jobs[@]} -eq 0 ] && jobs=(ring:100000 ring:1000000 alltoall)
weft=$(realpath "$build/apps/weft")

args_of() {
  case $1 in
    ring:*) echo "run ring -m $1 --alpha 1us --bandwidth 1GB/s --hop-latency 10ns --max-memory 20GiB" ;;
    alltoall) echo "run alltoall -m torus:32x32 --alpha 1us --bandwidth 4GB/s --hop-latency 50ns" ;;
  esac
}

# One run: "wall_s rss_bytes" from the JSON report's host section (the run's own figures).
one() {  # job, stacks
  local json
  json=$(mktemp)
  # shellcheck disable=SC2046
  "$weft" $(args_of "$1") --workers 1 --stacks "$2" --json "$json" >/dev/null 2>&1
  python3 -c 'import json,sys; h=json.load(open(sys.argv[1]))["host"]; print(h["wall_seconds"], h["peak_rss_bytes"])' "$json"
  rm -f "$json"
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf '%-14s %-7s %10s %12s %14s\n' job stacks "wall (s)" "peak RSS" "per PE"
for job in "${jobs[@]}"; do
  declare -A walls=() rsss=()
  for ((i = 0; i < repeat; i++)); do
    for stacks in own shared; do
      read -r wall rss < <(one "$job" "$stacks")
      walls[$stacks]+="$wall "
      rsss[$stacks]+="$rss "
    done
  done
  pes=1024
  [[ $job == ring:* ]] && pes=${job#ring:}
  for stacks in own shared; do
    wall=$(tr ' ' '\n' <<<"${walls[$stacks]}" | grep . | median)
    rss=$(tr ' ' '\n' <<<"${rsss[$stacks]}" | grep . | median)
    printf '%-14s %-7s %10.3f %9.1f MiB %10.2f KiB\n' "$job" "$stacks" "$wall" "$(bc -l <<<"$rss / 1048576")" \
      "$(bc -l <<<"$rss / 1024 / $pes")"
  done
  unset walls rsss
done
