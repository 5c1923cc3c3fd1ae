#!/usr/bin/env bash
# Seed 004's Table 1 on an emulated FX10 (docs/mapping.md, "Table 1"): NAS CG's communication,
# 1 MiB messages, on the paper's four Tofu jobs inside the 4x2x8x2x3x2 machine; per placement
# method, 10 annealing runs (seed 1) and the makespan of ITERATIONS iterations of the kernel.
#
#   bench/mapping/table1.sh [BUILD_DIR] [OUT_DIR] [ITERATIONS]     (defaults: build docs/mapping 1000)
#
# Writes OUT_DIR/table1_JOB{VARIANT}.{csv,json} (and .svg with SVG=1) per job (JOB = 1x2x4, 2x2x2,
# 1x1x4, 1x2x2). Takes about 8 minutes on 2 cores with 1,000 iterations. Not part of ctest: a
# benchmark that regenerates docs. The sensitivity table of docs/mapping.md ("How much the model's
# choices decide") varies two of the model's choices, named in VARIANT:
#   SEARCH=tac3-only   TAC3's annealing on TAC3 alone, the paper's search (weft map --search);
#                      only the tac3 rows change, so OBJECTIVES=tac3 is enough      (_tac3only)
#   RENDEZVOUS=0       eager sends: the measured runs without --rendezvous           (_eager)
#   OBJECTIVES=LIST    the placement methods (default: all of Table 1's, and Scotch)
set -euo pipefail
build=${1:-build}
out=${2:-docs/mapping}
iterations=${3:-1000}
weft=${WEFT:-$build/apps/weft}
search=${SEARCH:-default}
objectives=${OBJECTIVES:-default,no-ring,tahb,rmatt-o2f,rmatt,tac3,scotch}
mkdir -p "$out"

# The FX10 model (docs/mapping.md "The model"): Tofu links of 5 GB/s, virtual cut-through with
# 8 KiB packets that interleave on shared links, 100 ns a hop, 1 us start-up, and MPI's rendezvous
# for the 1 MiB messages.
model=(--alpha 1us --bandwidth 5GB/s --hop-latency 100ns --switching cut-through --mtu 8KiB --injection packet)
variant=
if [ "${RENDEZVOUS:-1}" = 1 ]; then model+=(--rendezvous); else variant+=_eager; fi
if [ "$search" != default ]; then variant+=_${search//-/}; fi
for config in "1x2x4 8x8" "2x2x2 8x8" "1x1x4 4x8" "1x2x2 4x8"; do
  read -r job grid <<<"$config"
  echo "== job $job x 2x3x2 of 4x2x8x2x3x2, NAS CG $grid ${variant#_}" >&2
  "$weft" map --machine "tofu:$job@4x2x8" --program "nas-cg:$grid" --bytes 1MiB "${model[@]}" \
    --objective "$objectives" --barrier-per-ccs --runs 10 --seed 1 --search "$search" \
    --iterations "$iterations" --quiet --csv "$out/table1_$job$variant.csv" --json "$out/table1_$job$variant.json" \
    ${SVG:+--svg "$out/table1_$job$variant.svg"}
done
