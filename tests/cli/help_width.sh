#!/usr/bin/env bash
# Every `weft COMMAND --help` (and `weft --help`) reads in a 100-column terminal and names what
# each value is: no line wider than 100 columns (counted in characters: α is one), no CLI11
# "TEXT" where a value name (TIME, BYTES, RATE, SPEC, FILE, N, ...) belongs, and the usage line
# first; its lists (programs, generators) one entry a line under their heading, a wrapped entry
# continued under its own text. docs/cli.md, "Help".
# Usage: help_width.sh WEFT
set -u
weft=$1
failures=0
for command in "" run topo transpose reduce coll cg traffic machines ccs map calibrate; do
  help=$("$weft" $command --help 2>&1)
  rc=$?
  name="weft ${command:+$command }--help"
  if [ "$rc" != 0 ]; then
    echo "FAIL $name: exit $rc"
    failures=$((failures + 1))
    continue
  fi
  wide=$(printf '%s\n' "$help" | LC_ALL=C.UTF-8 awk 'length($0) > 100 { print length($0) ": " $0 }')
  if [ -n "$wide" ]; then
    echo "FAIL $name: lines wider than 100 columns:"
    printf '%s\n' "$wide"
    failures=$((failures + 1))
  fi
  if printf '%s\n' "$help" | grep -qw 'TEXT'; then
    echo "FAIL $name: a value named TEXT:"
    printf '%s\n' "$help" | grep -w 'TEXT'
    failures=$((failures + 1))
  fi
  # Between the description and the options: paragraphs. One whose first line ends in ':' is a
  # list (programs, generators): every further line indented, a wrapped entry going on under its
  # own text. Any other is prose: its further lines indented. (A list run into its heading, or an
  # entry at column 0, reads as a broken list.)
  layout=$(printf '%s\n' "$help" | LC_ALL=C.UTF-8 awk '
    /^(Options|Positionals|Subcommands):$/ { exit }
    /^$/ { para++; first = 1; next }
    para == 0 { next }
    first { first = 0; list = ($0 ~ /:$/); col = 0; next }
    $0 !~ /^  / { print "not indented under its " (list ? "list heading" : "paragraph") ": " $0; next }
    !list { next }
    /^  [^ ]/ {
      rest = substr($0, 3); gap = index(rest, "  ")
      col = gap ? 2 + gap - 1 + match(substr(rest, gap), /[^ ]/) - 1 : 0
      next
    }
    { lead = match($0, /[^ ]/) - 1; if (lead != col) print "continued at column " lead ", not under its entry'"'"'s text (column " col "): " $0 }')
  if [ -n "$layout" ]; then
    echo "FAIL $name: a list or paragraph laid out wrong:"
    printf '%s\n' "$layout"
    failures=$((failures + 1))
  fi
  if [ -n "$command" ] && ! printf '%s\n' "$help" | head -1 | grep -q '^Usage: .*weft '"$command"; then
    echo "FAIL $name: the first line is not its usage: $(printf '%s\n' "$help" | head -1)"
    failures=$((failures + 1))
  fi
done
[ "$failures" = 0 ] && echo "every --help fits 100 columns, names its values and lays out its lists"
exit $((failures > 0))
