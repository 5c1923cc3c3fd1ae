#!/usr/bin/env bash
# `reduce --sweep --plot` and `transpose --sweep --plot` draw their SVG with weft's own toolkit:
# run with a PATH that holds no gnuplot (nor anything else), each writes a well-formed SVG with
# its series and names each file it wrote on stderr; FILE.png without gnuplot and any other name
# are one-line refusals, exit 2, and nothing is written.
#   sweep_plots.sh WEFT
set -u
weft=$(realpath "$1")
xmllint=$(command -v xmllint || true)  # found before PATH is emptied; optional
source "$(dirname "$0")/scratch_cases.sh"
no_gnuplot() { env PATH=/nonexistent "$weft" "$@"; }

# check_svg FILE TEXT...: FILE is an SVG document (xmllint agrees, when installed) holding every TEXT.
check_svg() {
  local file=$1
  shift
  [ -s "$file" ] || { fail "$file not written"; return; }
  [[ "$(head -c 5 "$file")" == "<svg " ]] || fail "$file does not start with <svg: $(head -c 80 "$file")"
  [[ "$(tail -n 1 "$file")" == "</svg>" ]] || fail "$file does not end with </svg>"
  if [ -n "$xmllint" ]; then "$xmllint" --noout "$file" || fail "$file is not well-formed XML"; fi
  for text in "$@"; do
    grep -qF -- "$text" "$file" || fail "$file lacks '$text'"
  done
}

case_name="reduce --sweep --plot r.svg"
err=$(no_gnuplot reduce --sweep -K 64 --plot r.svg 2>&1 >/dev/null) || fail "exit $?: $err"
[ "$err" = "weft: wrote r.svg (steps against K)" ] || fail "stderr is not the one line naming r.svg: $err"
check_svg r.svg ">binary tree</text>" ">delay-aware tree</text>" ">LogP bound (KSSS)</text>" ">data items K</text>" "<polyline"

case_name="transpose --sweep --plot t.svg"
err=$(no_gnuplot transpose --sweep --units abstract -N 4 --plot t.svg --csv t.csv 2>&1 >/dev/null) || fail "exit $?: $err"
[ "$err" = $'weft: wrote t.csv (sweep, CSV)\nweft: wrote t.svg (measured against the paper)' ] ||
  fail "stderr is not one line per file written: $err"
check_svg t.svg ">pax two-phase</text>" ">illiac two-phase</text>" ">transfer time / lower bound</text>" "<polyline"

# refused NAME REGEX ARGS...: exit 2, one line matching REGEX, and FILE (the --plot value) absent.
refused() {
  case_name=$1
  local regex=$2
  shift 2
  out=$(no_gnuplot "$@" 2>&1)
  rc=$?
  [ "$rc" = 2 ] || fail "exit $rc, want 2: $out"
  [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] || fail "more than one line: $out"
  [[ "$out" =~ $regex ]] || fail "output does not match '$regex': $out"
}
png="^weft: error: --plot 'p\.png': PNG is drawn by gnuplot, which is not on PATH"
other="^weft: error: --plot 'p\.pdf': give a name ending in \.svg \(drawn by weft\) or \.png \(drawn by gnuplot\)$"
refused "reduce png without gnuplot" "$png" reduce --sweep -K 64 --plot p.png
refused "transpose png without gnuplot" "$png" transpose --sweep --units abstract -N 4 --plot p.png
refused "reduce pdf" "$other" reduce --sweep -K 64 --plot p.pdf
refused "transpose pdf" "$other" transpose --sweep --units abstract -N 4 --plot p.pdf
case_name="refusals write nothing"
[ ! -e p.png ] && [ ! -e p.pdf ] || fail "a refused --plot left a file: $(ls)"

[ "$failures" = 0 ] && echo "sweep plots: ok"
[ "$failures" = 0 ]
