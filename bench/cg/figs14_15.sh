#!/usr/bin/env bash
# Seed 003's Figs 14-15 as trends: CG time per iteration on matrices shaped like the paper's
# (Table 7: rows and nonzeros per row; banded SPD stand-ins, docs/cg.md says why), p = 1..16,
# TCA vs InfiniBand, with the paper's Fig. 11 mapping, on two pairs of presets:
#  - the paths the paper's CG takes (footnote 4): vectors on the GPU, scalars on the CPU, on both
#    networks alike, i.e. ha-pacs-tca-cg (GPU DMA allgather, CPU PIO allreduce) and ha-pacs-ib-cg
#    (MPI: GPU eager/rendezvous allgather, CPU allreduce): docs/cg/<name>.csv and .svg;
#  - the CPU-CPU ones (ha-pacs-tca, ha-pacs-ib): the issue's command line, with PIO for TCA's
#    8-byte allreduce: docs/cg/<name>-cpu.csv and -cpu.svg.
# Usage: bench/cg/figs14_15.sh [WEFT] [ITERATIONS]   (default build/apps/weft, 10 iterations;
# in the model every iteration after the first costs the same, so 10 stand for the paper's 1,000)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
weft=${1:-$root/build/apps/weft}
iterations=${2:-10}
out=$root/docs/cg
mkdir -p "$out"
# name rows nonzeros-per-row (odd: a symmetric band has 2k+1 per interior row)
while read -r name rows nnz; do
  for pair in "ha-pacs-tca-cg,ha-pacs-ib-cg:" "ha-pacs-tca,ha-pacs-ib:-cpu"; do
    machines=${pair%%:*} suffix=${pair#*:}
    "$weft" cg --generate "banded:$rows,$nnz" --iterations "$iterations" --procs 1,2,4,8,16 \
      --machine "$machines" --mapping fig11 --csv "$out/$name$suffix.csv" --plot "$out/$name$suffix.svg" --quiet
  done
done <<'TABLE'
nasa2910 2910 61
s1rmq4m1 5489 51
smt 25710 143
nd3k 9000 365
nd6k 18000 383
nd12k 36000 393
nd24k 72000 399
TABLE
