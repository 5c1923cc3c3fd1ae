#!/usr/bin/env bash
# Speed of the flit network (issue 12 §6): router-cycles per wall second on a 16x16 mesh,
# dimension order, 1 VC, 8-flit buffers, 1-flit packets (issue 24's configuration (a), the one its
# BookSim2 figures are for: compare with BookSim2 only through bench/network/vs_booksim.sh, which
# runs both side by side), uniform traffic, at loads 0.02 and 0.1, on 1 and 2 workers; then a
# 32x32 torus with 4 VCs for 10^5 cycles (wall time and peak memory).
#   bench/network/flit_speed.sh [WEFT] [RUNS]      (default build/apps/weft, 5 runs; medians)
# Router-cycles = routers x the cycles packets are created in (--cycles); the drain after it is
# simulated too but not counted, so the figure is a lower bound. Not part of ctest: wall time.
set -euo pipefail
weft=${1:-build/apps/weft}
runs=${2:-5}
median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
timed() {  # prints "wall_seconds peak_rss_kib" of one run
  /usr/bin/time -f '%e %M' "$weft" "$@" --quiet 2>&1 >/dev/null | tail -n 1
}
echo "# $(date -u +%FT%RZ), nproc $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "# mesh:16x16, dimension-order, --vcs 1 --buffer 8 --packet-flits 1, uniform, --cycles 10000, medians of $runs runs"
printf '%-6s %-8s %10s %22s\n' load workers wall_s router_cycles_per_s
for load in 0.02 0.1; do
  for workers in 1 2; do
    wall=$(for _ in $(seq "$runs"); do
             timed traffic -m mesh:16x16 --network flit --routing dimension-order --vcs 1 --buffer 8 --packet-flits 1 \
                   --pattern uniform --load "$load" --cycles 10000 --workers "$workers" | cut -d' ' -f1
           done | median)
    printf '%-6s %-8s %10s %22.3g\n' "$load" "$workers" "$wall" "$(awk -v w="$wall" 'BEGIN {print 256 * 10000 / w}')"
  done
done
echo "# torus:32x32, dateline, --vcs 4 --buffer 8, uniform 0.05, --cycles 100000, 2 workers, one run"
read -r wall rss < <(timed traffic -m torus:32x32 --network flit --routing dateline --vcs 4 --buffer 8 \
                           --pattern uniform --load 0.05 --cycles 100000 --workers 2)
echo "wall ${wall} s, peak RSS $((rss / 1024)) MiB, $(awk -v w="$wall" 'BEGIN {printf "%.3g", 1024 * 100000 / w}') router-cycles/s"
