#!/usr/bin/env bash
# Seed 002's Figs 4-6 on the flit network, in one command, beside the paper's figures (issue 24 §3).
#   bench/routing/seed002.sh [WEFT] [CONFIGS...]
# WEFT: default build/apps/weft. CONFIGS: names from the list below (default: all).
# WEFT_ROUTER: extra weft options appended to every run (e.g. "--router booksim", the router
# docs/routing.md leads with). SEED002_JOBS: configurations run at once (default 2; each run --workers 1).
# SEED002_OUT: a folder to keep every run's JSON in (default: a temporary one, removed).
# Not part of ctest: it takes tens of minutes on 2 cores (docs/routing.md gives the wall time).
#
# Every run: uniform traffic, 16-flit packets, 8-flit VC buffers, --cycles 10000 --warmup 1000,
# seed 1, weft's router defaults unless WEFT_ROUTER says otherwise (it may set --buffer and
# --packet-flits too: docs/routing.md uses that to vary them). Configurations whose name starts
# with x- are not the paper's (x-mesh-dor2: the mesh at the SRT's 2 VCs).
# Per configuration the loads are found in rounds, each run a real sweep on the same schedules
# (a load's point does not depend on the sweep it is in):
#   1. a coarse scan at the first STEP (from STEP up, 4 loads a run) until a load averages over
#      --latency-threshold (500 cycles) and accepted throughput has stopped rising, three loads
#      have (a plateau that still creeps up, as the hypercube's at 2 VCs: its peak is then the
#      highest over the loads scanned), or load 1.0;
#   2. each next STEP refines two brackets of the points so far: between the last load whose
#      latency passed (every lower one passing too) and the next measured load, and around the
#      load of the highest accepted throughput (one previous step either side);
#   3. a final sweep over every load of the rounds and twice the load of the latency figure (the
#      table's last column: past saturation, does the plateau hold?), whose two figures are the
#      table's: saturation (peak accepted) and saturation_by_latency (docs/traffic.md).
# The last STEP is 0.0025, so both figures are measured to 0.0025 flits/node/cycle.
set -euo pipefail
weft=${1:-build/apps/weft}
shift $(( $# >= 1 ? 1 : 0 ))
wanted=("$@")
export WEFT=$weft WEFT_ROUTER=${WEFT_ROUTER:-}
jobs=${SEED002_JOBS:-2}

# name | weft options | steps (coarse first) | the paper's figure (from its text; docs/routing.md)
configs=(
  "f4-srt1d-dlf2|-m srt1d:8,5 --routing srt-dlf --vcs 2|0.01,0.0025|~0.05"
  "f4-srt1d-adp2|-m srt1d:8,5 --routing srt-adp --vcs 2|0.01,0.0025|~0.065"
  "f4-mesh-dor1|-m mesh:16x16 --routing dimension-order --vcs 1|0.01,0.0025|~0.035"
  "x-mesh-dor2|-m mesh:16x16 --routing dimension-order --vcs 2|0.01,0.0025|(not in the paper: the mesh at 2 VCs)"
  "f5-srt1d-dlf3|-m srt1d:8,5 --routing srt-dlf:3 --vcs 3|0.01,0.0025|(curve only)"
  "f5-srt1d-adp3|-m srt1d:8,5 --routing srt-adp:3 --vcs 3|0.01,0.0025|(curve only)"
  "f5-srt1d-dlf4|-m srt1d:8,5 --routing srt-dlf:4 --vcs 4|0.01,0.0025|~0.045"
  "f5-srt1d-adp4|-m srt1d:8,5 --routing srt-adp:4 --vcs 4|0.01,0.0025|~0.105"
  "f5-srt1d-dlf2c4|-m srt1d:8,5 --routing srt-dlf --vcs 4|0.01,0.0025|~0.045 (other reading)"
  "f5-srt1d-adp2c4|-m srt1d:8,5 --routing srt-adp --vcs 4|0.01,0.0025|~0.105 (other reading)"
  "f6-srt2d-dlf2|-m srt2d:5,2,1 --routing srt-dlf --vcs 2|0.04,0.01,0.0025|below HC"
  "f6-srt2d-adp2|-m srt2d:5,2,1 --routing srt-adp --vcs 2|0.04,0.01,0.0025|above HC"
  "f6-hc-ecube1|-m hypercube:10 --routing e-cube --vcs 1|0.05,0.01,0.0025|between DLF and ADP"
  "f6-hc-ecube2|-m hypercube:10 --routing e-cube --vcs 2|0.05,0.01,0.0025|(VCs not said)"
)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=${SEED002_OUT:-$work}
mkdir -p "$out"
export SEED002_DIR=$out

# The rounds' decisions, on the JSON of every run so far (BASE.run*.json): "scan STEP" prints
# "more" while the coarse scan must go on; "next STEP PREV" prints the loads to run next (none:
# the round is done); "final" prints the final sweep's loads; "row NAME OPTIONS PAPER WALL" prints
# the table's row from BASE.final.json.
cat > "$out/plan.py" <<'EOF'
import glob, json, sys
threshold = 500.0
mode = sys.argv[2]
files = [sys.argv[1] + ".final.json"] if mode == "row" else glob.glob(sys.argv[1] + ".run*.json")
points = {}
for f in files:
    for p in json.load(open(f))["points"]:
        points[round(p["load"], 6)] = p
loads = sorted(points)
def passes(p):
    return p["measured"] and p["latency"] is not None and p["latency"] <= threshold
def fails(p):
    return p["measured"] and not passes(p)
last_pass = None  # the highest load with every measured load up to it passing
for l in loads:
    if fails(points[l]): break
    if points[l]["measured"]: last_pass = l
peak = max(loads, key=lambda l: points[l]["accepted"]) if loads else None
grid = lambda x, s: round(round(x / s) * s, 6)
twice = grid(2 * last_pass, 0.0025) if last_pass is not None and 2 * last_pass <= 1.0 else None
if mode == "final":
    print(",".join("%.4f" % l for l in sorted(set(loads) | ({twice} if twice else set()))))
elif mode == "row":
    name, opts, paper, wall = sys.argv[3:7]
    r = json.load(open(files[0]))["routings"][0]
    fig = lambda v, reached: "none" if v is None else ("%.4f" % v) + ("" if reached else " (at least)")
    past = "%.4f at %.4f" % (points[twice]["accepted"], points[twice]["offered"]) if twice in points else "-"
    o = opts.split()
    print("| %s | %s | %s | %s | %s | %s (at %.4f) | %s | %s | %d | %s |" % (
        name, o[1], o[3], o[5], paper, fig(r["saturation"], r["saturated"]), points[peak]["offered"],
        fig(r["saturation_by_latency"], r["saturated_by_latency"]), past, len(loads), wall))
elif mode == "scan":
    step = float(sys.argv[3])
    top = loads[-1] if loads else 0.0
    failed = sum(1 for l in loads if fails(points[l]))
    rising = len(loads) >= 2 and points[top]["accepted"] > 1.01 * max(points[l]["accepted"] for l in loads[:-1])
    print("more" if top + step <= 1.0 + 1e-9 and (not failed or (rising and failed < 3)) else "done")
else:
    step, prev = float(sys.argv[3]), float(sys.argv[4])
    want = set()
    if last_pass is not None:
        above = [l for l in loads if l > last_pass]
        hi = above[0] if above else last_pass
        x = grid(last_pass + step, step)
        while x < hi - 1e-9:
            want.add(x); x = grid(x + step, step)
    if peak is not None:
        x = grid(max(peak - prev, step), step)
        while x < peak + prev - 1e-9:
            want.add(x); x = grid(x + step, step)
    print(",".join("%.4f" % l for l in sorted(want) if round(l, 6) not in points))
EOF

# One configuration, every round, then its table row into $SEED002_DIR/NAME.row ("failed" and
# weft's exit code when a run does not end well: the other configurations go on).
run_config() {  # NAME OPTIONS STEPS PAPER
  local name=$1 opts=$2 steps=$3 paper=$4 base="$SEED002_DIR/$1" n=0 start first prev loads k s shape="" opt
  rm -f "$base".run*.json "$base".final.json "$base".row
  start=$(date +%s)
  # The paper's packets and our base buffers, unless WEFT_ROUTER gives its own.
  for opt in "--buffer 8" "--packet-flits 16"; do
    [[ " $WEFT_ROUTER " == *" ${opt% *} "* ]] || shape="$shape $opt"
  done
  sweep() {  # LOADS JSON
    local code=0
    # shellcheck disable=SC2086
    "$WEFT" traffic $opts $WEFT_ROUTER --network flit $shape --pattern uniform \
      --cycles 10000 --warmup 1000 --seed 1 --workers 1 --load "$1" --json "$2" > /dev/null || code=$?
    [ $code = 0 ] || echo "| $name | failed: weft exit $code at loads $1 |" > "$base.row"
    return $code
  }
  plan() { python3 "$SEED002_DIR/plan.py" "$base" "$@"; }
  IFS=, read -r -a s <<<"$steps"
  first=${s[0]}
  k=1
  while :; do  # 1. the coarse scan, 4 loads a run
    loads=$(awk -v a="$first" -v k=$k 'BEGIN {for (i = 0; i < 4; ++i) if ((k + i) * a <= 1.0 + 1e-9) printf "%s%.4f", (i ? "," : ""), (k + i) * a}')
    [ -n "$loads" ] || break
    sweep "$loads" "$base.run$((n++)).json" || return 0
    k=$((k + 4))
    [ "$(plan scan "$first")" = more ] || break
  done
  prev=$first
  for step in "${s[@]:1}"; do  # 2. the refinements
    loads=$(plan next "$step" "$prev")
    if [ -n "$loads" ]; then sweep "$loads" "$base.run$((n++)).json" || return 0; fi
    prev=$step
  done
  # 3. every load of the rounds in one sweep, and twice the load of the latency figure (past
  # saturation: does accepted throughput hold its plateau or fall?)
  sweep "$(plan final)" "$base.final.json" || return 0
  plan row "$name" "$opts" "$paper" $(($(date +%s) - start)) > "$base.row"
}
export -f run_config

chosen=()
for entry in "${configs[@]}"; do
  name=${entry%%|*}
  if [ ${#wanted[@]} -eq 0 ] || [[ " ${wanted[*]} " == *" $name "* ]]; then chosen+=("$entry"); fi
done
wall0=$(date +%s)
for entry in "${chosen[@]}"; do
  IFS='|' read -r name opts steps paper <<<"$entry"
  printf '%s\0%s\0%s\0%s\0' "$name" "$opts" "$steps" "$paper"
done | xargs -0 -n 4 -P "$jobs" bash -c 'set -uo pipefail; run_config "$@"' _
wall1=$(date +%s)

echo "# $(date -u +%FT%RZ), nproc $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), weft $weft $("$weft" --version 2>/dev/null | head -n 1), WEFT_ROUTER='${WEFT_ROUTER}', $jobs at once, wall $((wall1 - wall0)) s"
echo "| config | machine | routing | VCs | paper | peak accepted (offered at peak) | by latency (500 cycles) | at 2x the latency load: accepted at offered | loads | wall s |"
echo "| --- | --- | --- | ---: | --- | --- | --- | --- | ---: | ---: |"
failed=0
for entry in "${chosen[@]}"; do
  name=${entry%%|*}
  if [ -f "$out/$name.row" ]; then cat "$out/$name.row"; fi
  if grep -qs "| failed:" "$out/$name.row"; then failed=1; fi
done
exit $failed
