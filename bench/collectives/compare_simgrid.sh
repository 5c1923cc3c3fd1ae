#!/bin/sh
# One sitting: SimGrid 3.32 SMPI and weft on the same job, 100 iterations of an 8-byte
# recursive-doubling allreduce on 1,024 ranks of a 32x32 torus (1 us, 10 GB/s per link),
# interleaved run by run, then the medians and the ratios.
#   smpi-defaults  SMPI's default network model (with its MPI latency/bandwidth factors)
#   smpi-cm02      the plain CM02 flow model, computation not simulated: SMPI's fastest setting,
#                  and the one whose virtual times match weft's cut-through model
#   weft           --workers 0 (one per core, adaptive sharing) and --workers 1
# Usage: compare_simgrid.sh WEFT_BINARY [RUNS]
set -e
here=$(cd "$(dirname "$0")" && pwd)
weft=${1:?path to the weft binary}
runs=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
smpicc -O2 -o "$work/allreduce_bench" "$here/allreduce_bench.c"
seq 0 1023 | sed 's/^/node-/' >"$work/hostfile_1024.txt"  # node-0 ... node-1023, one rank per host
echo "# $(date -u +%Y-%m-%dT%H:%MZ), nproc $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
smpi() {  # name, extra --cfg options
  name=$1
  shift
  /usr/bin/time -f "%e %M" -o "$work/time" smpirun -np 1024 -platform "$here/torus_32x32.xml" \
    -hostfile "$work/hostfile_1024.txt" --cfg=smpi/allreduce:rdb "$@" --log=root.thres:critical \
    "$work/allreduce_bench" 100 >"$work/out" 2>&1
  virtual=$(sed -n 's/.*virtual_per_call_us=\([0-9.]*\).*/\1/p' "$work/out")
  echo "$name $(cat "$work/time") $virtual" | tee -a "$work/results"
}
weft_run() {  # name, workers
  /usr/bin/time -f "%e %M" -o "$work/time" "$weft" coll --op allreduce -a recursive-doubling --sizes 8B \
    --procs 1024 --machine torus:32x32 --switching cut-through --hop-latency 1us --bandwidth 10GB/s -i 100 \
    --workers "$2" >"$work/out" 2>&1
  virtual=$(awk '$1 == 8 { print $3 }' "$work/out")
  echo "$1 $(cat "$work/time") $virtual" | tee -a "$work/results"
}
echo "# configuration wall_s peak_rss_KiB virtual_us_per_call"
for i in $(seq "$runs"); do
  smpi smpi-defaults
  smpi smpi-cm02 --cfg=network/model:CM02 --cfg=smpi/simulate-computation:no --cfg=smpi/host-speed:1Gf
  weft_run weft 0
  weft_run weft-1-worker 1
done
echo "# medians of $runs"
for name in smpi-defaults smpi-cm02 weft weft-1-worker; do
  printf '%s ' "$name"
  awk -v n="$name" '$1 == n { print $2 }' "$work/results" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
done >"$work/medians"
cat "$work/medians"
awk '{ m[$1] = $2 } END {
  printf "# ratios: smpi-defaults/weft %.1fx, smpi-cm02/weft %.1fx; with 1 worker %.1fx and %.1fx\n",
    m["smpi-defaults"] / m["weft"], m["smpi-cm02"] / m["weft"],
    m["smpi-defaults"] / m["weft-1-worker"], m["smpi-cm02"] / m["weft-1-worker"] }' "$work/medians"
