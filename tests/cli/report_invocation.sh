#!/usr/bin/env bash
# A JSON report names the weft and the command line that wrote it (docs/report.md, "weft"), also
# when an argument is not UTF-8 (a Latin-1 file name): the byte is replaced, the report written.
#   report_invocation.sh WEFT
set -u
weft=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

latin1="$dir/r$(printf '\xe9').json"
"$weft" run pingpong -m ring:4 --procs 2 --alpha 1us --bandwidth 1GB/s --quiet --json "$latin1" ||
  fail "run with a Latin-1 --json name exited $?"
[ -s "$latin1" ] || fail "no report written to the Latin-1 name"
grep -q '"command_line"' "$latin1" || fail "no command_line in the report"
grep -q '"pingpong"' "$latin1" || fail "the command line does not name the program"
grep -q '"--alpha"' "$latin1" || fail "the command line does not hold --alpha"
grep -q '"schema_version": "1.1"' "$latin1" || fail "no schema_version 1.1"
grep -q '"alpha_s": 1e-06' "$latin1" || fail "alpha is not 1e-06 s in the model"
grep -q $'\xef\xbf\xbd' "$latin1" || fail "the byte that is not UTF-8 was not replaced by U+FFFD"

# reduce's --json is a report of its own: it names its invocation too.
"$weft" reduce -K 16 -m 2 -n 1 --json "$dir/reduce.json" > /dev/null || fail "reduce exited $?"
grep -q '"command_line"' "$dir/reduce.json" || fail "reduce's report has no command_line"
echo "report invocation: ok"
