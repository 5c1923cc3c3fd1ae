#!/usr/bin/env bash
# bench/cg/cg_speed.sh BUILD_DIR [ROUNDS] [extra cg_speed options...]
# The CG solver's speed (issue 13 §2): ROUNDS interleaved rounds (default 3), each configuration in
# its own process (so every peak RSS is that configuration's): the sequential arithmetic, then
# weft::cg::solve with K iterations and with 1 iteration (its setup), on 1 and 2 workers.
# Prints every run's line, then the medians. Defaults: poisson3d:100 (10^6 unknowns), 64 PEs,
# 100 iterations, torus:8x8 with the ha-pacs-tca preset's link and compute model.
set -euo pipefail
build=${1:?usage: cg_speed.sh BUILD_DIR [ROUNDS] [options]}
rounds=${2:-3}
shift $(( $# >= 2 ? 2 : 1 ))
exe="$build/bench/cg/cg_speed"
log=$(mktemp)
for ((i = 0; i < rounds; ++i)); do
  "$exe" arith "$@" | tee -a "$log"
  for w in 1 2; do
    "$exe" solve --workers "$w" "$@" | tee -a "$log"
    "$exe" solve --workers "$w" "$@" --iterations 1 | tee -a "$log"
  done
done
python3 - "$log" <<'PY'
import re, statistics, sys
runs = [dict(re.findall(r'(\w+)=(\S+)', line)) for line in open(sys.argv[1])]
med = lambda rows, key: statistics.median(float(r[key]) for r in rows)
arith = [r for r in runs if r['mode'] == 'arith']
a = med(arith, 'arith_s')
print(f"\nmedians of {len(arith)} rounds: generate {med(arith, 'generate_s'):.3f} s, arithmetic {a:.3f} s "
      f"(peak RSS {med(arith, 'peak_rss_MiB'):.0f} MiB), setup copies alone {med(arith, 'setup_copies_s'):.3f} s")
print("\nper run (workers, iterations: solve_s):", ", ".join(f"{r['workers']},{r['iterations']}: {r['solve_s']}" for r in runs if r['mode'] == 'solve'))
print("| workers | solve wall | setup (1-iteration run) | iterations | arithmetic | engine overhead | ratio | peak RSS |")
print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for w in ('1', '2'):
    full = [r for r in runs if r['mode'] == 'solve' and r['workers'] == w and r['iterations'] != '1']
    one = [r for r in runs if r['mode'] == 'solve' and r['workers'] == w and r['iterations'] == '1']
    if not full: continue
    k = int(full[0]['iterations'])
    total, first = med(full, 'solve_s'), med(one, 'solve_s')
    # The 1-iteration run holds the setup, one iteration and the true residual: its iteration is
    # counted once in (total - first) * k / (k - 1).
    setup = first - (total - first) / (k - 1)
    print(f"| {w} | {total:.2f} s | {setup:.2f} s | {total - setup:.2f} s | {a:.2f} s | {total - a:.2f} s | "
          f"{(total - a) / a:.2f} | {med(full, 'peak_rss_MiB'):.0f} MiB |")
PY
rm -f "$log"
