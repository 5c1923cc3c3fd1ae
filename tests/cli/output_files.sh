#!/usr/bin/env bash
# The output layer as a user meets it (issue 22): for each case, the exit code, the one-line
# message and the files on disk afterwards.
#   output_files.sh WEFT DATA_DIR
set -u
weft=$(realpath "$1")
data=$(realpath "$2")
source "$(dirname "$0")/scratch_cases.sh"
# expect NAME EXIT REGEX -- ARGS...: runs weft, checks the exit code and that stderr matches REGEX.
expect() {
  case_name=$1
  local want=$2 regex=$3
  shift 4
  err=$("$weft" "$@" 2>&1 >/dev/null)
  rc=$?
  [ "$rc" = "$want" ] || fail "exit $rc, want $want: $err"
  [[ "$err" =~ $regex ]] || fail "stderr does not match '$regex': $err"
}
same() {  # same FILE TEXT: FILE still holds TEXT byte for byte
  [ "$(cat "$1")" = "$2" ] || fail "$1 changed: $(head -c 200 "$1")"
}
machine=(-m ring:4 --alpha 1us)

# An output naming an input, by any spelling, is refused before any work; the input is untouched.
cp "$data/bcsstk02.mtx" A.mtx
ln -s A.mtx A_link.mtx
before=$(cat A.mtx)
expect solution_over_matrix 2 "^weft: error: --solution file 'A.mtx' is the input 'A.mtx' \(--matrix\) this command reads" -- \
  cg --matrix A.mtx -m ha-pacs-tca-cg --procs 2 --solution A.mtx
same A.mtx "$before"
expect solution_over_matrix_by_symlink 2 "^weft: error: --solution file 'A_link.mtx' is the input '" -- \
  cg --matrix ./A.mtx -m ha-pacs-tca-cg --procs 2 --solution A_link.mtx
same A.mtx "$before"
expect json_over_matrix_by_absolute_path 2 "^weft: error: --json file '$work/A.mtx' is the input '" -- \
  cg --matrix A.mtx -m ha-pacs-tca-cg --procs 2 --json "$work/A.mtx"
same A.mtx "$before"
printf 'node a\nnode b\na b\n' > g.txt
mkdir -p sub
expect dot_over_topology_file 2 "^weft: error: --dot file 'sub/../g.txt' is the" -- topo file:g.txt --dot sub/../g.txt
same g.txt "$(printf 'node a\nnode b\na b')"

# Two outputs naming one file by different spellings.
echo old > o.json
ln -s o.json o_link.json
for other in ./o.json "$work/o.json" sub/../o.json o_link.json; do
  expect "json_and_trace_as_$other" 2 "^weft: error: --json and --trace both name the file 'o.json'" -- \
    run ring "${machine[@]}" --json o.json --trace "$other"
done
same o.json old

# An output over the file standard output was redirected to would replace the report.
case_name=json_over_redirected_stdout
err=$("$weft" run ring "${machine[@]}" --json out.txt 2>&1 >out.txt)
rc=$?
[ "$rc" = 2 ] || fail "exit $rc, want 2"
[[ "$err" =~ ^weft:\ error:\ --json\ file\ \'out.txt\'\ is\ where\ standard\ output\ goes ]] || fail "$err"

case_name=json_over_redirected_stderr
err=$("$weft" run ring "${machine[@]}" --json err.txt 2>err.txt >/dev/null; echo "rc=$?")
[ "$err" = "rc=2" ] || fail "$err"
grep -q "^weft: error: --json file 'err.txt' is where standard error goes" err.txt || fail "$(cat err.txt)"

# ... but /dev/stdout named on purpose writes the JSON after the report, into the same file.
case_name=json_to_dev_stdout_redirected
"$weft" run ring "${machine[@]}" --json /dev/stdout >both.txt 2>&1 || fail "exit $?"
grep -q '^status: ok' both.txt && grep -q '"status": "ok"' both.txt || fail "both.txt: $(head -c 300 both.txt)"

# A failed write is an error naming the file and the reason; a full stdout too; a closed pipe is quiet.
expect json_to_full_device 10 "^weft: error: --json file '/dev/full' cannot be written: No space left on device$" -- \
  run ring "${machine[@]}" --json /dev/full
case_name=stdout_full
err=$("$weft" run ring "${machine[@]}" 2>&1 >/dev/full)
rc=$?
[ "$rc" = 10 ] || fail "exit $rc, want 10"
[[ "$err" =~ ^weft:\ error:\ the\ report\ could\ not\ be\ written\ to\ standard\ output:\ No\ space\ left\ on\ device$ ]] || fail "$err"
case_name=closed_pipe_is_quiet
err=$( { "$weft" run alltoall -m torus:8x8 --alpha 1us 2>&1 1>&3 | head -c0; } 3>&1 | head -1 2>&1 >/dev/null)
[ -z "$err" ] || fail "a closed pipe printed: $err"

# A refused run touches nothing: a dangling symlink stays dangling, an old file stays.
ln -s nowhere.json dangling.json
echo kept > kept.csv
expect refused_run_leaves_files 2 "^weft: error: --procs 9 does not fit machine ring:4" -- \
  run ring -m ring:4 --procs 9 --json dangling.json
[ -L dangling.json ] && [ ! -e nowhere.json ] || fail "the dangling symlink was changed"
# ... and a finished run writes through it, as any program writing to a symlink does.
expect run_writes_through_symlink 0 "" -- run ring "${machine[@]}" --json dangling.json
[ -L dangling.json ] && grep -q '"status": "ok"' nowhere.json || fail "the report did not reach the symlink's target"

# A cg run that finds A not positive definite does not write --solution.
echo "earlier x" > x.mtx
expect not_spd_keeps_solution 8 "--solution 'x.mtx' not written: the run found A not positive definite" -- \
  cg --matrix "$data/bad/indefinite.mtx" -m full:2 --flops 1Gflops --free-messages --solution x.mtx
same x.mtx "earlier x"

# A sweep stopped by a failing run keeps the rows it finished, in its own schema, and says so.
echo "old sweep" > sweep.json
expect coll_sweep_keeps_rows 4 $'^weft: wrote sweep.json \\(collective latencies, JSON\\)\nweft: wrote sweep.csv \\(collective latencies, CSV\\)\nweft: failed: ' -- \
  coll --op allreduce --sizes 8B,16MiB -p 2 -m ring:2 --bandwidth 1B/s --json sweep.json --csv sweep.csv
grep -q '"status": "failed"' sweep.json && grep -q '"bytes": 8,' sweep.json && grep -q '"stopped_at"' sweep.json ||
  fail "sweep.json: $(cat sweep.json)"
tail -1 sweep.csv | grep -q '^# stopped (failed) at machine ring:2, 2 PEs, 16777216 bytes: ' || fail "sweep.csv: $(cat sweep.csv)"
[ "$(grep -c '^ring:2,allreduce' sweep.csv)" = 1 ] || fail "sweep.csv rows: $(cat sweep.csv)"

# A FIFO with one reader gets the whole report (it is not opened before the run: its reader would
# see the end of its input at that first close); a symlink to itself is refused and left alone.
case_name=json_to_fifo_with_reader
mkfifo report.fifo
cat report.fifo > from_fifo.json &
reader=$!
timeout 60 "$weft" run ring "${machine[@]}" --json report.fifo >/dev/null 2>&1 || fail "exit $?"
wait "$reader"
grep -q '"status": "ok"' from_fifo.json || fail "the FIFO's reader got: $(head -c 200 from_fifo.json)"
ln -s self_loop.json self_loop.json
expect json_to_self_loop 2 "^weft: error: --json file 'self_loop.json' cannot be written: Too many levels of symbolic links$" -- \
  run ring "${machine[@]}" --json self_loop.json
[ -L self_loop.json ] || fail "the self-looping symlink was replaced"

# An endless device is no input: refused at once, never read.
expect device_as_trace 2 "^weft: error: message log '/dev/zero' is a device, not a file$" -- \
  traffic -m ring:8 --pattern trace:/dev/zero

# Every file written is named on stderr, one line each, after it is whole; the report stays on
# stdout alone.
case_name=each_file_named_on_stderr
err=$("$weft" run ring "${machine[@]}" --json r.json --trace r.trace.json --heatmap r.svg --messages r.csv 2>&1 >r.txt)
rc=$?
[ "$rc" = 0 ] || fail "exit $rc: $err"
want=$'weft: wrote r.svg (link utilization heatmap)\nweft: wrote r.csv (messages received, CSV)\nweft: wrote r.json (report, JSON)\nweft: wrote r.trace.json (Perfetto/Chrome trace)'
[ "$err" = "$want" ] || fail "stderr: $err"
grep -q wrote r.txt && fail "stdout names a file: $(cat r.txt)"
err=$("$weft" cg --generate banded:64,3 -m ha-pacs-tca-cg --procs 1,2 --iterations 2 --plot cg.svg 2>&1 >/dev/null)
[ "$err" = "weft: wrote cg.svg (CG time per iteration by kernel and collective)" ] || fail "cg --plot: $err"

# No temporary file is ever left behind.
case_name=no_temporary_files
leftovers=$(find . -name '.*.weft-*' -o -name '.weft-probe-*')
[ -z "$leftovers" ] || fail "left: $leftovers"

echo "output files: $failures failed"
[ "$failures" = 0 ]
