#!/usr/bin/env bash
# Runs every case of a bad-inputs table (tests/cli/bad_inputs.txt) against weft and checks:
#   - the exit code is the one listed (a case that runs past the timeout fails as a hang);
#   - exit 2: stdout+stderr together are exactly one line, "weft: error: " followed by text
#     matching the case's extended regex;
#   - any other exit: the output matches the regex somewhere;
#   - never "terminate called", an abort, an assertion or sanitizer text.
# Usage: bad_inputs.sh WEFT TABLE [TIMEOUT_SECONDS]   (prints each failure, exits 1 if any)
# Table lines: "EXIT | ARGS | REGEX"; ARGS are shell words ('' is an empty argument); # comments.
set -u
weft=$1
table=$2
limit=${3:-20}
# $DATA in a case's arguments: the test data folder (tests/data), beside the table's folder.
export DATA
DATA=$(cd "$(dirname "$table")/../data" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

cases=0
failures=0
fail() {
  failures=$((failures + 1))
  printf 'FAIL line %s: weft %s\n  %s\n  output: %s\n' "$line_no" "$args" "$1" "${output:0:600}"
}
trim() {
  local s=$1
  s=${s#"${s%%[![:space:]]*}"}
  printf '%s' "${s%"${s##*[![:space:]]}"}"
}
crash_text='terminate called|Aborted|Assertion|AddressSanitizer|LeakSanitizer|runtime error:|core dumped'
case_pattern='^[[:space:]]*([0-9]+)[[:space:]]*\|([^|]*)\|(.*)$'
line_no=0
# Plain bash (no sed/grep per case): the table has hundreds of lines.
while IFS= read -r line || [ -n "$line" ]; do
  line_no=$((line_no + 1))
  [[ -z "${line//[[:space:]]/}" || "$line" =~ ^[[:space:]]*# ]] && continue
  if ! [[ "$line" =~ $case_pattern ]]; then
    args=$line output=""
    fail "not a case line (EXIT | ARGS | REGEX)"
    continue
  fi
  want_exit=${BASH_REMATCH[1]}
  args=$(trim "${BASH_REMATCH[2]}")
  regex=$(trim "${BASH_REMATCH[3]}")
  cases=$((cases + 1))
  eval "set -- $args"
  # A case that starts MPI (one rank, no mpirun) leaves Open MPI's own allocations behind: in a
  # sanitizer build LeakSanitizer would fail it for them (tests/sanitize/README.md, "MPI").
  leaks=
  [[ " $args " == *" --backend mpi "* || " $args " == *" --engine mpi "* ]] && leaks=detect_leaks=0
  ASAN_OPTIONS=${leaks:-${ASAN_OPTIONS:-}} timeout -k 5 "$limit" "$weft" "$@" >out 2>&1 </dev/null
  rc=$?
  output=$(<out)
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
    fail "no answer within ${limit}s (a hang)"
  elif [[ "$output" =~ $crash_text ]]; then
    fail "crash or sanitizer text"
  elif [ "$rc" != "$want_exit" ]; then
    fail "exit code $rc, expected $want_exit"
  elif [ "$want_exit" = 2 ]; then
    # $(<out) drops the final newline: one line means no newline left inside, and one at the end.
    if [[ "$output" == *$'\n'* || "$(tail -c 1 out | od -An -c)" != *'\n'* ]]; then
      fail "more or less than one line of output"
    elif [[ "$output" != "weft: error: "* ]]; then
      fail "the line does not start with 'weft: error: '"
    elif ! [[ "${output#weft: error: }" =~ $regex ]]; then
      fail "the message does not match '$regex'"
    fi
  elif ! [[ "$output" =~ $regex ]]; then
    fail "output does not match '$regex'"
  fi
done <"$table"
echo "$cases cases, $failures failed"
[ "$cases" -gt 0 ] && [ "$failures" = 0 ]
