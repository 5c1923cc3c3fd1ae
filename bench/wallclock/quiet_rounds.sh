#!/usr/bin/env bash
# Runs one round of wall_pingpong whenever the host looks quiet (no other process above 15 % CPU
# in a half-second `top` sample), until ROUNDS rounds are in or LIMIT seconds have passed, and
# prints the medians. On a VM shared with builds, a round taken while a compiler holds a CPU
# measures the OS scheduler, not the queues (docs/PERFORMANCE.md, "Wall clock").
#
#   bench/wallclock/quiet_rounds.sh [BUILD_DIR] [ROUNDS] [LIMIT_SECONDS]
set -u
build=${1:-build}
rounds=${2:-7}
limit=${3:-900}
bench=$build/bench/wallclock/wall_pingpong
lines=()
start=$(date +%s)
while [ ${#lines[@]} -lt "$rounds" ] && [ $(($(date +%s) - start)) -lt "$limit" ]; do
  busy=$(top -bn1 -d0.5 | awk 'NR > 7 && $9 + 0 > 15 {n++} END {print n + 0}')
  if [ "$busy" -ne 0 ]; then
    sleep 5
    continue
  fi
  line=$("$bench" -n 200000 -r 1 | grep '^median')
  echo "$(date -u +%H:%M:%SZ) load $(cut -d' ' -f1 /proc/loadavg): ${line#median}"
  lines+=("$line")
done
[ ${#lines[@]} -gt 0 ] || { echo "no quiet moment in ${limit} s"; exit 1; }
echo "# bare(ns) pe(ns) pe-recv(ns) one-worker(ns) pe/bare pe-recv/bare: medians of ${#lines[@]} rounds"
for col in 2 3 4 5 6 7; do
  printf '%s\n' "${lines[@]}" | awk -v c=$col '{print $c}' | sort -g |
    awk '{v[NR] = $1} END {printf "%s ", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2)}'
done
echo
