#!/usr/bin/env bash
# The README's pictures are what docs/pictures/make.sh draws today: the script runs into a
# scratch folder and every picture must match the committed one byte for byte (virtual time is
# deterministic). A change that redraws them on purpose reruns the script and commits the SVGs.
#   docs_pictures.sh WEFT SOURCE_DIR
set -u
weft=$(realpath "$1")
src=$(realpath "$2")
source "$(dirname "$0")/scratch_cases.sh"
case_name="docs/pictures/make.sh"
bash "$src/docs/pictures/make.sh" "$weft" "$work/pictures" 2>/dev/null || fail "exit $?"
for drawn in "$work"/pictures/*.svg; do
  case_name=docs/pictures/$(basename "$drawn")
  cmp -s "$drawn" "$src/$case_name" || fail "differs from what make.sh draws now: run docs/pictures/make.sh and commit it"
done
[ "$(ls "$work/pictures" | wc -l)" = "$(ls "$src"/docs/pictures/*.svg | wc -l)" ] ||
  { case_name=count; fail "make.sh draws $(ls "$work/pictures" | tr '\n' ' ')but docs/pictures holds $(cd "$src/docs/pictures" && ls ./*.svg | tr '\n' ' ')"; }
[ "$failures" = 0 ] && echo "docs pictures: ok"
[ "$failures" = 0 ]
