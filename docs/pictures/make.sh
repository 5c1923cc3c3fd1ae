#!/usr/bin/env bash
# The README's pictures, drawn by weft's own commands (every SVG is weft's; nothing else is needed).
# Virtual time is deterministic, so the same tree draws the same bytes: ctest (docs_pictures)
# runs this script into a scratch folder and fails when a committed picture has drifted.
#   docs/pictures/make.sh [WEFT [OUT_DIR]]    defaults: build/apps/weft, docs/pictures
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
weft=${1:-$root/build/apps/weft}
out=${2:-$root/docs/pictures}
mkdir -p "$out"

# 1. Link load of an all-to-all on an 8x8 mesh with dimension-order routing: the middle of the
#    mesh carries more than its rim, and each direction of a link is drawn on its own.
"$weft" run alltoall -m mesh:8x8 --alpha 1us --bandwidth 4GB/s --hop-latency 50ns --bytes 4KiB \
  --heatmap "$out/heatmap.svg" >/dev/null

# 2. Latency against offered load on the flit network, two SRT routings (docs/traffic.md).
"$weft" traffic -m srt1d:8,5 --network flit --routing srt-dlf,srt-adp --load 0.005:0.06:0.005 --cycles 10000 \
  --plot "$out/traffic.svg" >/dev/null

# 3. CG's time per iteration by kernel and collective, TCA against InfiniBand (docs/cg.md).
"$weft" cg --generate banded:25710,143 --iterations 10 --procs 1,4,16 --machine ha-pacs-tca-cg,ha-pacs-ib-gpu \
  --mapping fig11 --plot "$out/cg.svg" >/dev/null
