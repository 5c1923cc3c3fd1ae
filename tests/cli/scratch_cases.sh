# Sourced by the shell tests of tests/cli that check cases one by one: they run in a scratch
# folder (removed at exit), and fail MESSAGE counts and prints a failure of the case named in
# $case_name, so the test reports every failing case rather than stopping at the first.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
failures=0
fail() {
  failures=$((failures + 1))
  printf 'FAIL %s\n  %s\n' "$case_name" "$1"
}
