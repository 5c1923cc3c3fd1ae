#!/usr/bin/env bash
# Speed of the flit network against BookSim2 (issue 24 §4), both tools on the same configurations
# in one sitting: RUNS rounds (default 3) of one BookSim2 run then one weft run, medians of user
# CPU and wall seconds of each process and of each tool's own timer of its simulation, and the
# median of the rounds' own ratios. The own timers: BookSim2's "Total run time" (main.cpp, around
# its TrafficManager's Run(), which draws the traffic and gathers the statistics as it goes; the
# network is built before it), weft's point `host.wall_seconds` (the schedule drawn, the run with
# its network built, the statistics). Neither counts its process's start-up and exit: loading
# libraries (weft: about 40, BookSim2: 4), reading the host (hwloc), parsing, freeing.
#   bench/network/flit_speed.sh BOOKSIM [WEFT] [RUNS]
# BOOKSIM: a booksim binary built from github.com/booksim/booksim2 (commit 28f4329: `make` in its
# src/, needs bison and flex; never vendored, never a dependency). WEFT: default build/apps/weft.
# Needs python3 (to read weft's JSON).
# Not part of ctest: it measures time. On a shared machine compare user CPU, and quote wall
# figures only from a quiet sitting (`uptime` is printed first). PRIORITY=-15 (Linux, as root)
# runs every measured process in a session of its own whose autogroup has that nice value: it
# then gets the CPUs ahead of the other sessions' work, about as on a quiet machine (with
# autogroups a process's own nice value only ranks it within its session).
#
# 1. Router-cycles per second, weft's `--router booksim` beside BookSim2's iq router, one worker:
#    (a) 16x16 mesh, dimension order, 1 VC, 8-flit buffers, 1-flit packets; (c1) the same with
#    16-flit packets; uniform traffic, Bernoulli injection in flits/node/cycle; at loads 0.02,
#    0.1 and each tool's own saturation (SAT_A_WEFT, SAT_A_BOOKSIM, SAT_C1_WEFT, SAT_C1_BOOKSIM:
#    defaults from bench/network/vs_booksim.sh's bisection), and for (a) at 0.07 (90 % of
#    BookSim2's saturation, the issue's goal). Router-cycles: each tool's simulated cycles.
#    BookSim2's are the ones it reports ("Time taken": its warm-up, samples and drain); weft's the
#    report's `simulated_cycles` (`--cycles 10000 --warmup 1000`: the 10,000 cycles packets are
#    created in, the warm-up among them, then the drain up to the last arrival; 10,000 from a
#    build whose report lacks the field). "unstable": BookSim2 stopped the run past its saturation
#    and reports no cycles.
# 2. One and two workers on a 32x32 torus (dateline, 2 VCs, 8-flit buffers, 16-flit packets,
#    uniform 0.05, --router booksim): wall and user seconds, and whether the two JSON reports are
#    byte for byte the same.
set -euo pipefail
booksim=${1:?usage: flit_speed.sh BOOKSIM [WEFT] [RUNS]}
weft=${2:-build/apps/weft}
runs=${3:-3}
sat_a_weft=${SAT_A_WEFT:-0.080}
sat_a_booksim=${SAT_A_BOOKSIM:-0.077}
sat_c1_weft=${SAT_C1_WEFT:-0.121}
sat_c1_booksim=${SAT_C1_BOOKSIM:-0.117}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
priority=${PRIORITY:-}

# Runs a command in a session of its own at PRIORITY.
at_priority() {
  if [ -n "$priority" ]; then
    # shellcheck disable=SC2016  # $0 and $@ are the inner shell's
    setsid --wait sh -c 'echo "$0" > /proc/self/autogroup && exec "$@"' "$priority" "$@"
  else
    "$@"
  fi
}

# Runs a command at PRIORITY, timed into $work/time ("USER WALL" in seconds to the millisecond:
# bash's own `time`, where GNU time's %U moves in 10 ms steps, a tenth of a light-load weft run).
# The command's own output goes where the caller sends it.
timed() {
  local TIMEFORMAT='%3U %3R'
  { time at_priority "$@" 2>&4; } 4>&2 2> "$work/time"
}

median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
column() { cut -d' ' -f"$1" | median; }

# "USER WALL CYCLES SIM" of one BookSim2 run: KEYS LOAD (CYCLES 0: unstable; SIM: its "Total run
# time", 0 when missing).
booksim_once() {
  local kv cfg="$work/bs.cfg" out="$work/bs.out" times
  for kv in $1 traffic=uniform injection_rate_uses_flits=1 sim_type=latency injection_rate="$2"; do
    echo "${kv%%=*} = ${kv#*=};"
  done > "$cfg"
  timed "$booksim" "$cfg" > "$out" 2>&1 || true
  times=$(tail -n 1 "$work/time")
  local cycles=0 sim
  if ! grep -q "Simulation unstable" "$out"; then
    cycles=$(grep "Time taken is" "$out" | tail -n 1 | awk '{print $4}')
  fi
  sim=$(grep "Total run time" "$out" | tail -n 1 | awk '{printf "%.4f", $4}')
  echo "$times ${cycles:-0} ${sim:-0}"
}

# "USER WALL CYCLES SIM" of one weft run: OPTIONS LOAD [WORKERS [JSON]] (SIM: the point's
# host.wall_seconds, 0 from a build whose report lacks it).
weft_once() {
  local json=${4:-$work/w.json}
  rm -f "$json"  # a run that fails leaves none, not the last one's
  # shellcheck disable=SC2086
  timed "$weft" traffic $1 --network flit --router booksim --pattern uniform \
    --load "$2" --cycles 10000 --warmup 1000 --quiet --workers "${3:-1}" --json "$json" > /dev/null 2>&1 || true
  local read
  read=$(python3 -c 'import json, sys; p = json.load(open(sys.argv[1]))["points"][0]
print(p.get("simulated_cycles", 10000), "%.4f" % p.get("host", {}).get("wall_seconds", 0))' "$json" 2>/dev/null) || read="0 0"
  echo "$(tail -n 1 "$work/time") $read"
}

# RUNS rounds of one BookSim2 run then one weft run (so that a slow minute of a shared machine
# falls on both), into $work/runs: "B_USER B_WALL B_CYCLES B_SIM W_USER W_WALL W_CYCLES W_SIM" a
# round.
rounds() {  # BOOKSIM_KEYS BOOKSIM_LOAD WEFT_OPTIONS WEFT_LOAD
  for _ in $(seq "$runs"); do echo "$(booksim_once "$1" "$2") $(weft_once "$3" "$4")"; done > "$work/runs"
}

# The median over the rounds of weft's router-cycles per second over BookSim2's, of user CPU
# (columns 1 5), wall time (2 6) or the own timers (4 8); "-" when BookSim2 reports no cycles.
round_ratio() {
  awk -v b="$1" -v w="$2" '$3 > 0 && $b > 0 && $w > 0 {print ($7 / $w) / ($3 / $b)}' "$work/runs" | median |
    awk '{if ($1 == "") print "-"; else printf "%.1f", $1}'
}

rate() {  # ROUTERS CYCLES SECONDS -> router-cycles per second
  awk -v n="$1" -v c="$2" -v s="$3" 'BEGIN {if (c > 0 && s > 0) printf "%.3g", n * c / s; else printf "unstable"}'
}

row() { printf '| %-6s | %-7s | %8s | %6s | %6s | %6s | %6s | %10s | %10s | %10s | %6s | %6s | %6s |\n' "$@"; }

echo "# $(date -u +%FT%RZ), nproc $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uptime | sed 's/.*load/load/')"
echo "# BookSim2 $booksim, weft $weft, $runs rounds of one run each, medians${priority:+, autogroup nice $priority}; user_s, wall_s: the process's; sim_s: the tool's own timer of its simulation; rc/s: router-cycles per second of each; x: the median of the rounds' own ratios"
row config tool load user_s wall_s sim_s cycles "rc/s user" "rc/s wall" "rc/s sim" "x user" "x wall" "x sim"
echo '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'
a_keys="topology=mesh k=16 n=2 routing_function=dor num_vcs=1 vc_buf_size=8 packet_size=1"
a_opts="-m mesh:16x16 --routing dimension-order --vcs 1 --buffer 8 --packet-flits 1"
c1_keys="topology=mesh k=16 n=2 routing_function=dor num_vcs=1 vc_buf_size=8 packet_size=16"
c1_opts="-m mesh:16x16 --routing dimension-order --vcs 1 --buffer 8 --packet-flits 16"
# config | BookSim keys | weft options | rows, each BookSim2's load:weft's load (the last row: each
# tool at its own saturation)
for entry in "a|$a_keys|$a_opts|0.02:0.02 0.07:0.07 0.1:0.1 $sat_a_booksim:$sat_a_weft" \
             "c1|$c1_keys|$c1_opts|0.02:0.02 0.1:0.1 $sat_c1_booksim:$sat_c1_weft"; do
  IFS='|' read -r name keys opts loads <<<"$entry"
  for pair in $loads; do
    rounds "$keys" "${pair%%:*}" "$opts" "${pair##*:}"
    bu=$(column 1 < "$work/runs"); bw=$(column 2 < "$work/runs"); bc=$(column 3 < "$work/runs"); bs=$(column 4 < "$work/runs")
    wu=$(column 5 < "$work/runs"); ww=$(column 6 < "$work/runs"); wc=$(column 7 < "$work/runs"); ws=$(column 8 < "$work/runs")
    row "$name" booksim "${pair%%:*}" "$bu" "$bw" "$bs" "$bc" "$(rate 256 "$bc" "$bu")" "$(rate 256 "$bc" "$bw")" "$(rate 256 "$bc" "$bs")" "" "" ""
    row "$name" weft "${pair##*:}" "$wu" "$ww" "$ws" "$wc" "$(rate 256 "$wc" "$wu")" "$(rate 256 "$wc" "$ww")" "$(rate 256 "$wc" "$ws")" \
      "$(round_ratio 1 5)" "$(round_ratio 2 6)" "$(round_ratio 4 8)"
  done
done

echo
echo "# torus:32x32, dateline, --vcs 2 --buffer 8 --packet-flits 16, uniform 0.05, --router booksim; medians of $runs runs"
t_opts="-m torus:32x32 --routing dateline --vcs 2 --buffer 8 --packet-flits 16"
for _ in $(seq "$runs"); do
  for w in 1 2; do echo "$w $(weft_once "$t_opts" 0.05 "$w" "$work/t$w.json")"; done
done > "$work/torus"
for w in 1 2; do
  grep "^$w " "$work/torus" | cut -d' ' -f2- > "$work/tw"
  echo "workers $w: user $(column 1 < "$work/tw") s, wall $(column 2 < "$work/tw") s"
done
# The reports less what the host measured (each point's "host": its wall time).
same=$(python3 -c 'import json, sys
def clean(d):
    if isinstance(d, dict): return {k: clean(v) for k, v in d.items() if k != "host"}
    if isinstance(d, list): return [clean(v) for v in d]
    return d
a, b = (clean(json.load(open(f))) for f in sys.argv[1:])
print("identical" if a == b else "DIFFERENT")' "$work/t1.json" "$work/t2.json")
echo "JSON of 1 and 2 workers, less each point's host section: $same"
