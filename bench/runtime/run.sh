#!/usr/bin/env bash
# Runtime benchmark (issue 2): engine events/s, delivered messages/s, wall time and peak memory
# of `weft run` for alltoall at 256 and 1,024 PEs and ring at 4,096 and 65,536 PEs, as medians
# of REPEAT runs, each in its own process (peak RSS is per process).
#
#   bench/runtime/run.sh [BUILD_DIR] [REPEAT]
#   SIMGRID=1 bench/runtime/run.sh   also runs the same alltoall under SimGrid SMPI (slow)
set -euo pipefail
build=${1:-build}
repeat=${2:-5}
weft=$build/apps/weft
link=(--alpha 1us --bandwidth 4GB/s --hop-latency 50ns)

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

bench() {  # label, weft run arguments...
  local label=$1; shift
  local walls=() events=() msgs=() rss=() makespan=""
  for ((i = 0; i < repeat; ++i)); do
    local out
    out=$("$weft" run "$@" "${link[@]}" --verbose)  # --verbose: the wall line with engine events
    makespan=$(grep '^makespan:' <<<"$out" | cut -d' ' -f2-)
    local line
    line=$(grep '^wall ' <<<"$out")
    walls+=("$(awk '{print $2}' <<<"$line")")
    events+=("$(sed -E 's/.*events \(([0-9.e+]+)\/s\).*/\1/' <<<"$line")")
    msgs+=("$(sed -E 's/.*, ([0-9.e+]+) messages\/s.*/\1/' <<<"$line")")
    rss+=("$(sed -E 's/.*peak RSS (.*)$/\1/' <<<"$line")")
  done
  printf '| %-34s | %8.3f s | %10.3g | %10.3g | %10s | %s |\n' "$label" \
    "$(printf '%s\n' "${walls[@]}" | median)" "$(printf '%s\n' "${events[@]}" | median)" \
    "$(printf '%s\n' "${msgs[@]}" | median)" "${rss[$((repeat / 2))]}" "$makespan"
}

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(date -u +%F)"
echo "link model: ${link[*]}; medians of $repeat runs"
echo
echo "| run | wall | events/s | messages/s | peak RSS | virtual makespan |"
echo "| --- | ---: | ---: | ---: | ---: | --- |"
bench "alltoall 256 PEs, torus:16x16" alltoall -m torus:16x16
bench "alltoall 256 PEs, full:256" alltoall -m full:256
bench "alltoall 1,024 PEs, torus:32x32" alltoall -m torus:32x32
bench "alltoall 1,024 PEs, full:1024" alltoall -m full:1024
bench "ring 4,096 PEs, torus:64x64" ring -m torus:64x64
bench "ring 65,536 PEs, torus:256x256" ring -m torus:256x256

if [[ ${SIMGRID:-0} == 1 ]]; then
  here=$(cd "$(dirname "$0")" && pwd)
  tmp=$(mktemp -d)
  smpicc -O2 -o "$tmp/alltoall" "$here/smpi_alltoall.c"
  for n in 256 1024; do
    k=$(awk -v n=$n 'BEGIN{print int(sqrt(n))}')
    sed -e "s/radical=\"0-1023\"/radical=\"0-$((n - 1))\"/" -e "s/topo_parameters=\"32,32\"/topo_parameters=\"$k,$k\"/" \
      "$here/torus-32x32.xml" >"$tmp/torus.xml"
    seq 0 $((n - 1)) | sed 's/^/node-/' >"$tmp/hosts"
    start=$(date +%s.%N)
    sim=$(timeout "${SIMGRID_TIMEOUT:-3600}" smpirun -np $n -platform "$tmp/torus.xml" -hostfile "$tmp/hosts" \
      --cfg=smpi/host-speed:1Gf "$tmp/alltoall" 8 2>/dev/null | grep 'simulated time' || echo "timed out")
    end=$(date +%s.%N)
    echo "SimGrid SMPI alltoall $n ranks, ${k}x${k} torus: wall $(awk -v a=$start -v b=$end 'BEGIN{printf "%.1f", b-a}') s, $sim"
  done
  rm -rf "$tmp"
fi
