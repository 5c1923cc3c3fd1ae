#!/bin/sh
# One sitting: SimGrid 3.32 SMPI and weft on the same job, 100 iterations of an 8-byte
# recursive-doubling allreduce on 1,024 ranks of a 32x32 torus (1 us, 10 GB/s per link).
# Usage: compare_simgrid.sh WEFT_BINARY [RUNS]
set -e
here=$(cd "$(dirname "$0")" && pwd)
weft=${1:?path to the weft binary}
runs=${2:-3}
work=$(mktemp -d)
smpicc -O2 -o "$work/allreduce_bench" "$here/allreduce_bench.c"
echo "# $(date -u +%Y-%m-%dT%H:%MZ), nproc $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
for i in $(seq "$runs"); do
  /usr/bin/time -f "smpi wall_s=%e peak_rss_KiB=%M" smpirun -np 1024 -platform "$here/torus_32x32.xml" \
    -hostfile "$here/hostfile_1024.txt" --cfg=network/model:CM02 --cfg=smpi/allreduce:rdb \
    --cfg=smpi/simulate-computation:no --cfg=smpi/host-speed:1Gf --log=root.thres:critical \
    "$work/allreduce_bench" 100 2>&1 | grep -v '^\[' 
  /usr/bin/time -f "weft wall_s=%e peak_rss_KiB=%M" "$weft" coll --op allreduce -a recursive-doubling --sizes 8 \
    --procs 1024 --machine torus:32x32 --switching cut-through --hop-latency 1us --bandwidth 10GB/s -i 100 2>&1 |
    grep -E "^ +8|wall"
done
rm -rf "$work"
