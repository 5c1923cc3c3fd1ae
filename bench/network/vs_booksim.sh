#!/usr/bin/env bash
# weft's flit network beside BookSim2 (issue 24 §2), on the same configurations, in one sitting.
#   bench/network/vs_booksim.sh BOOKSIM [WEFT] [CONFIGS...]
# BOOKSIM: a booksim binary built from github.com/booksim/booksim2 (commit 28f4329: `make` in its
# src/, needs bison and flex; never vendored, never a dependency). WEFT: default build/apps/weft.
# CONFIGS: names from the list below (default: all). WEFT_ROUTER: extra weft options for every run
# (e.g. "--wait-for-tail-credit 0"). Not part of ctest: it takes minutes and measures wall time.
#
# For each configuration, under BookSim2's definitions (uniform traffic, Bernoulli injection,
# injection rate in flits/node/cycle, average packet latency with source queueing included):
#   saturation    the highest offered load whose average latency stays at most 500 cycles, found
#                 by bisection over [0, 1] to 1/1024. BookSim: "Simulation unstable" above it,
#                 which it also says when its latency has not converged after max_samples (10)
#                 samples; weft: a run whose accepted throughput falls more than 1 % short of
#                 the offered load (its queues grow) is unstable too.
#   zero-load     the average latency at load 0.001, over 100,000 cycles (BookSim: a sample that long)
#   lat@10/50/90  the average latency at 10, 50 and 90 % of BookSim2's saturation
#   speed         router-cycles per wall second at loads 0.02 and 0.1: routers x cycles over the
#                 wall time of the whole process, each tool's simulated cycles (BookSim: the
#                 cycles it reports, its drain included; weft: the report's simulated_cycles,
#                 the 10,000 cycles packets are created in (--warmup is part of --cycles) and
#                 its drain)
# Differences of definition that stay: BookSim's uniform pattern may pick the source itself as the
# destination (weft's never does); BookSim runs until its samples converge (3 warm-up periods of
# 1,000 cycles, then samples of 1,000), weft runs --cycles 10000 after --warmup 1000.
set -euo pipefail
booksim=${1:?usage: vs_booksim.sh BOOKSIM [WEFT] [CONFIGS...]}
weft=${2:-build/apps/weft}
shift $(( $# >= 2 ? 2 : 1 ))
threshold=500
zero_load=0.001
extra=${WEFT_ROUTER:-}

# name | routers | BookSim keys | weft options. BookSim appends the topology to routing_function
# (dor_mesh; dim_order_torus, whose 2 VC classes weft's booksim-dim-order routing takes as
# BookSim does: docs/topologies.md); its 2-ary 8-mesh is the hypercube.
configs=(
  "a|256|topology=mesh k=16 n=2 routing_function=dor num_vcs=1 vc_buf_size=8 packet_size=1|-m mesh:16x16 --routing dimension-order --vcs 1 --buffer 8 --packet-flits 1"
  "c1|256|topology=mesh k=16 n=2 routing_function=dor num_vcs=1 vc_buf_size=8 packet_size=16|-m mesh:16x16 --routing dimension-order --vcs 1 --buffer 8 --packet-flits 16"
  "d|256|topology=mesh k=16 n=2 routing_function=dor num_vcs=2 vc_buf_size=8 packet_size=1|-m mesh:16x16 --routing dimension-order --vcs 2 --buffer 8 --packet-flits 1"
  "b4|256|topology=mesh k=16 n=2 routing_function=dor num_vcs=1 vc_buf_size=4 packet_size=1|-m mesh:16x16 --routing dimension-order --vcs 1 --buffer 4 --packet-flits 1"
  "b16|256|topology=mesh k=16 n=2 routing_function=dor num_vcs=2 vc_buf_size=16 packet_size=4|-m mesh:16x16 --routing dimension-order --vcs 2 --buffer 16 --packet-flits 4"
  "t32|1024|topology=torus k=32 n=2 routing_function=dim_order num_vcs=2 vc_buf_size=8 packet_size=16|-m torus:32x32 --routing booksim-dim-order --vcs 2 --buffer 8 --packet-flits 16"
  "h8|256|topology=mesh k=2 n=8 routing_function=dor num_vcs=1 vc_buf_size=8 packet_size=1|-m hypercube:8 --routing e-cube --vcs 1 --buffer 8 --packet-flits 1"
)
wanted=("$@")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds_between() { awk -v a="$1" -v b="$2" 'BEGIN {print b - a}'; }

# "LATENCY WALL_S CYCLES" of one BookSim run at LOAD; LATENCY "unstable" past its threshold
# (latency_thres, 500 by default: booksim_config.cpp).
booksim_run() {  # KEYS LOAD
  local kv out="$work/bs.out" cfg="$work/bs.cfg" start end lat cycles
  # BookSim reads "key = value;" lines; an empty file is a parse error. The zero-load run takes
  # samples of 100,000 cycles: at load 0.001 one of 1,000 holds too few packets for a mean hop
  # count within a cycle's worth of the true one.
  local long=""
  if [ "$2" = "$zero_load" ]; then long="sample_period=100000"; fi
  for kv in $1 $long traffic=uniform injection_rate_uses_flits=1 sim_type=latency injection_rate="$2"; do
    echo "${kv%%=*} = ${kv#*=};"
  done > "$cfg"
  start=$(date +%s.%N)
  "$booksim" "$cfg" > "$out" 2>&1 || true
  end=$(date +%s.%N)
  if grep -q "Simulation unstable" "$out"; then lat=unstable; else
    lat=$(grep "Packet latency average" "$out" | tail -n 1 | awk '{print $5}')
  fi
  cycles=$(grep "Time taken is" "$out" | tail -n 1 | awk '{print $4}')
  echo "${lat:-unstable} $(seconds_between "$start" "$end") ${cycles:-0}"
}

# "LATENCY WALL_S CYCLES" of one weft run at LOAD.
weft_run() {  # OPTIONS LOAD
  local json="$work/w.json" start end lat offered accepted simulated cycles=10000
  if [ "$2" = "$zero_load" ]; then cycles=100000; fi
  rm -f "$json"
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  "$weft" traffic $1 $extra --network flit --pattern uniform --load "$2" --cycles $cycles --warmup 1000 \
    --json "$json" --quiet > /dev/null 2>&1 || true
  end=$(date +%s.%N)
  lat=$(sed -n 's/^ *"latency": \([0-9.e+-]*\),\{0,1\}$/\1/p' "$json" 2>/dev/null | head -n 1)
  offered=$(sed -n 's/^ *"offered": \([0-9.e+-]*\),\{0,1\}$/\1/p' "$json" 2>/dev/null | head -n 1)
  accepted=$(sed -n 's/^ *"accepted": \([0-9.e+-]*\),\{0,1\}$/\1/p' "$json" 2>/dev/null | head -n 1)
  simulated=$(sed -n 's/^ *"simulated_cycles": \([0-9]*\),\{0,1\}$/\1/p' "$json" 2>/dev/null | head -n 1)
  # Unstable as BookSim2 finds it: past the threshold, or never converging, which weft sees as
  # queues that grow through the run (accepted more than 1 % short of offered).
  if [ -z "$lat" ] || awk -v l="$lat" -v t=$threshold -v o="${offered:-0}" -v a="${accepted:-0}" \
    'BEGIN {exit !(l > t || a < 0.99 * o)}'; then lat=unstable; fi
  echo "$lat $(seconds_between "$start" "$end") ${simulated:-$cycles}"
}

# The highest load in [0, 1] found stable, at most 1/1024 below the lowest found unstable.
saturation() {  # TOOL ARGS
  local lo=0 hi=1 mid lat
  for _ in $(seq 10); do
    mid=$(awk -v a=$lo -v b=$hi 'BEGIN {printf "%.6f", (a + b) / 2}')
    lat=$("$1" "$2" "$mid" | cut -d' ' -f1)
    if [ "$lat" = unstable ]; then hi=$mid; else lo=$mid; fi
  done
  echo "$lo"
}

latency_at() {  # TOOL ARGS LOAD -> the average latency, 2 decimals, or "unstable"
  local lat
  lat=$("$1" "$2" "$3" | cut -d' ' -f1)
  if [ "$lat" = unstable ]; then echo unstable; else awk -v l="$lat" 'BEGIN {printf "%.2f", l}'; fi
}

speed_at() {  # ROUTERS TOOL ARGS LOAD -> router-cycles per second
  local r
  r=$("$2" "$3" "$4")
  # An unstable BookSim run stops early and reports no cycles: no speed to give.
  awk -v n="$1" -v w="$(echo "$r" | cut -d' ' -f2)" -v c="$(echo "$r" | cut -d' ' -f3)" \
    'BEGIN {if (c > 0) printf "%.3g", n * c / w; else printf "unstable"}'
}

echo "# $(date -u +%FT%RZ), nproc $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), BookSim2 $booksim, weft $weft ${extra}"
printf '| %-6s | %-7s | %10s | %9s | %8s | %8s | %8s | %14s | %14s |\n' config tool saturation zero-load \
  lat@10% lat@50% lat@90% "r-cycles/s .02" "r-cycles/s .1"
printf '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n'
for entry in "${configs[@]}"; do
  IFS='|' read -r name routers keys options <<<"$entry"
  if [ ${#wanted[@]} -gt 0 ] && [[ " ${wanted[*]} " != *" $name "* ]]; then continue; fi
  bs_sat=$(saturation booksim_run "$keys")
  for tool in booksim weft; do
    if [ $tool = booksim ]; then
      run=booksim_run args=$keys sat=$bs_sat
    else
      run=weft_run args=$options sat=$(saturation weft_run "$options")
    fi
    lats=()
    for share in 0.1 0.5 0.9; do
      lats+=("$(latency_at $run "$args" "$(awk -v s="$bs_sat" -v f=$share 'BEGIN {printf "%.6f", s * f}')")")
    done
    printf '| %-6s | %-7s | %10s | %9s | %8s | %8s | %8s | %14s | %14s |\n' "$name" "$tool" "$sat" \
      "$(latency_at $run "$args" $zero_load)" "${lats[0]}" "${lats[1]}" "${lats[2]}" \
      "$(speed_at "$routers" $run "$args" 0.02)" "$(speed_at "$routers" $run "$args" 0.1)"
  done
done
