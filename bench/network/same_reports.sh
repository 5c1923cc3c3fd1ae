#!/usr/bin/env bash
# Whether two builds of weft give the same flit-network reports: a change meant only to make the
# network faster must leave every report byte for byte as it was. Runs both binaries on a fixed
# set of configurations (BookSim's router with each pipeline parameter moved, both VC release
# rules, 1, 2 and 4 workers, several topologies, routings, patterns and packet sizes, weft's own
# router, traced programs and their traces) and compares the JSON with the fields that measure
# the host left out (wall time, rates, peak memory, the command line, the host section).
#   bench/network/same_reports.sh BEFORE_WEFT AFTER_WEFT
# Each binary finds its own libraries (a second build tree, e.g. a `git worktree` of the older
# commit built beside this one). Needs python3. Not part of ctest: it is a check for whoever
# changes the network's speed, about 15 s of CPU. Fields the AFTER build adds to a JSON report
# (absent from BEFORE's) are left out. Exit 0: every report the same; 1: some differ.
set -euo pipefail
before=${1:?usage: same_reports.sh BEFORE_WEFT AFTER_WEFT}
after=${2:?usage: same_reports.sh BEFORE_WEFT AFTER_WEFT}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

flit="--network flit --router booksim"
mesh="-m mesh:16x16 --routing dimension-order $flit --cycles 4000 --warmup 500 --quiet"
a="$mesh --packet-flits 1 --vcs 1 --buffer 8 --pattern uniform"
c1="$mesh --packet-flits 16 --vcs 1 --buffer 8 --pattern uniform"
short="--cycles 3000 --warmup 500 --quiet --workers 1"
# name|arguments (a JSON file, and for a traced program its trace, are added)
configs=(
  "a02|traffic $a --load 0.02 --workers 1"
  "a07|traffic $a --load 0.07 --workers 1"
  "a07w2|traffic $a --load 0.07 --workers 2"
  "a10w4|traffic $a --load 0.1 --workers 4"
  "a12|traffic $a --load 0.12 --workers 1"
  "a_rd0|traffic $a --load 0.05,0.09 --workers 1 --routing-delay 0"
  "a_rd2|traffic $a --load 0.05,0.09 --workers 2 --routing-delay 2 --credit-delay 2"
  "a_st2|traffic $a --load 0.05,0.09 --workers 1 --st-delay 2 --link-delay 3"
  "a_va2|traffic $a --load 0.05,0.09 --workers 1 --vc-alloc-delay 2 --sw-alloc-delay 2"
  "a_wtc|traffic $a --load 0.03,0.08 --workers 1 --wait-for-tail-credit 1"
  "a_ie|traffic $a --load 0.03,0.08 --workers 1 --injection-delay 2 --ejection-delay 3"
  "a_vc2|traffic $mesh --packet-flits 1 --buffer 8 --pattern uniform --load 0.03,0.08 --workers 1 --vcs 2"
  "a_tr|traffic $mesh --packet-flits 1 --vcs 1 --buffer 8 --load 0.03,0.08 --workers 1 --pattern transpose"
  "a_hs|traffic $mesh --packet-flits 1 --vcs 1 --buffer 8 --load 0.03,0.08 --workers 1 --pattern hotspot:0.2"
  "a_b2|traffic $mesh --packet-flits 1 --vcs 1 --pattern uniform --load 0.03,0.08 --workers 1 --buffer 2"
  "c1_10|traffic $c1 --load 0.1 --workers 1"
  "c1_10w2|traffic $c1 --load 0.1 --workers 2"
  "c1_vc2|traffic ${c1/--vcs 1/--vcs 2} --load 0.02,0.14 --workers 1"
  "torus32|traffic -m torus:32x32 --routing dateline --vcs 2 --buffer 8 --packet-flits 16 $flit --pattern uniform --load 0.05 --cycles 3000 --warmup 500 --quiet --workers 2"
  "torus16|traffic -m torus:16x16 --routing dateline --vcs 2 --buffer 8 --packet-flits 1 $flit --pattern uniform --load 0.05,0.2 $short"
  "adaptive|traffic -m mesh:16x16 --routing minimal-adaptive --vcs 2 --buffer 8 --packet-flits 1 $flit --pattern uniform --load 0.05,0.15 $short"
  "hypercube|traffic -m hypercube:8 --vcs 1 --buffer 4 --packet-flits 1 $flit --pattern uniform --load 0.05,0.3 $short"
  "srt|traffic -m srt1d:8,5 --routing srt-adp --vcs 2 --buffer 8 --packet-flits 16 $flit --pattern uniform --load 0.03,0.06 $short"
  "weft_router|traffic -m mesh:16x16 --routing dimension-order --vcs 2 --buffer 8 --packet-flits 4 --network flit --pattern uniform --load 0.05,0.2 $short"
  "alltoall_booksim|run alltoall -m mesh:4x4 $flit --vcs 1 --packet-flits 1 --bytes 256B TRACE"
  "alltoall_weft|run alltoall -m mesh:4x4 --network flit --vcs 2 --bytes 1KiB TRACE"
  "pingpong|run pingpong -m mesh:4x4 $flit --vcs 1 --packet-flits 1 --bytes 64B"
)

for side in before after; do
  mkdir -p "$work/$side"
  binary=$before
  [ "$side" = after ] && binary=$after
  for entry in "${configs[@]}"; do
    name=${entry%%|*}
    args=${entry#*|}
    args=${args/TRACE/--trace $work/$side/$name.trace.json}
    # shellcheck disable=SC2086
    "$binary" $args --json "$work/$side/$name.json" > /dev/null 2>&1 && rc=0 || rc=$?
    echo "$rc" > "$work/$side/$name.rc"  # a deadlock (7) is a report too
  done
done

python3 - "$work/before" "$work/after" <<'EOF'
import json, os, sys
host = {"command_line", "wall_seconds", "events_per_second", "messages_per_second", "peak_rss_bytes", "host"}
def clean(d):
    if isinstance(d, dict): return {k: clean(v) for k, v in d.items() if k not in host}
    if isinstance(d, list): return [clean(x) for x in d]
    return d
def load(path):
    text = open(path).read()
    try: return clean(json.loads(text))
    except ValueError: return text
def added(new, old):  # `new` without the object keys `old` lacks (fields a later build added)
    if isinstance(new, dict) and isinstance(old, dict):
        return {k: added(v, old[k]) for k, v in new.items() if k in old}
    if isinstance(new, list) and isinstance(old, list) and len(new) == len(old):
        return [added(x, y) for x, y in zip(new, old)]
    return new
before, after = sys.argv[1:3]
names = sorted(os.listdir(before))
def same(n):
    if not os.path.exists(os.path.join(after, n)): return False
    old, new = load(os.path.join(before, n)), load(os.path.join(after, n))
    return old == added(new, old)
differ = [n for n in names if not same(n)]
for n in differ: print("differs:", n)
print(f"{len(names) - len(differ)} of {len(names)} reports, traces and exit codes the same")
sys.exit(1 if differ else 0)
EOF
