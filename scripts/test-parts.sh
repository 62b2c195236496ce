# The parts of npm test (scripts/test.sh), sourced with $logs and $results set: each part's log, exit code and CPU, a
# vitest part run once more when its test worker died, and why a part failed.

# part NAME CMD...: runs CMD with its output in $logs/NAME.log and its exit code in $logs/NAME.rc. Its line says when
# it ended and the CPU its processes used: both cores are busy to the end, so the suite's length is its CPU over two,
# and this is where a cut is found. Where a cpuacct cgroup can be made (root on Linux) it counts every process the part
# started, browsers and daemonised databases too; elsewhere `time` counts those it waited for.
: "${CPUACCT:=/sys/fs/cgroup/cpuacct}"
part() {
  local name=$1 rc cpu cg=""; shift
  if [ -w "$CPUACCT" ] && mkdir -p "$CPUACCT/tickwise-$$-$name" 2>/dev/null; then cg="$CPUACCT/tickwise-$$-$name"; fi
  if [ -n "$cg" ]; then
    (echo "$BASHPID" >"$cg/cgroup.procs" && exec "$@") >"$logs/$name.log" 2>&1
    rc=$?
    cpu=$(awk '{ printf "%d", $1 / 1e9 }' "$cg/cpuacct.usage")
    rmdir "$cg" 2>/dev/null # a daemon still inside keeps it; the kernel drops it once that exits
  else
    local TIMEFORMAT='%U %S'
    { time "$@" >"$logs/$name.log" 2>&1; } 2>"$logs/$name.cpu"
    rc=$?
    cpu=$(awk '{ printf "%d", $1 + $2 }' "$logs/$name.cpu")
  fi
  echo "$cpu" >"$logs/$name.cpu"
  echo $rc >"$logs/$name.rc.tmp" && mv "$logs/$name.rc.tmp" "$logs/$name.rc" # whole or absent: another lane polls it
  echo "   $name ended after ${SECONDS} s, CPU ${cpu} s: $([ $rc = 0 ] && echo passed || echo FAILED)"
  return $rc
}
# vitest_part NAME [ENV=VALUE...] -- ARGS...: one vitest run with its JSON report in $results/NAME.json. Its log is
# plain text (NO_COLOR): read in CI's tail and grepped below, where colours would split an error from its pattern.
vitest_part() {
  local name=$1; shift
  local envs=(NO_COLOR=1); while [ "$1" != "--" ]; do envs+=("$1"); shift; done; shift
  env "${envs[@]}" node --version >"$results/$name.node" # which Node ran this part, for the summary
  local run=(env "${envs[@]}" npx vitest run "$@" --reporter=default --reporter=json --outputFile="$results/$name.json")
  part "$name" "${run[@]}" && return 0
  # A test worker that died under the runtime (V8 aborting in its own code under PGlite's WebAssembly, or a signal:
  # docs/testing.md "How a run goes") with no test failed is run once more; the first log is kept beside it and the
  # line says so. A crash of ours would crash the second run too.
  grep -q 'Worker exited unexpectedly' "$logs/$name.log" &&
    ! grep -qE '(Test Files|Tests) +.*[0-9]+ failed' "$logs/$name.log" || return 1
  mv "$logs/$name.log" "$logs/$name.died.log"
  echo "   $name: its test worker died, no test failed ($logs/$name.died.log): run once more"
  part "$name" "${run[@]}"
}
# wait_for NAME: until the part NAME has ended; fails when it failed.
wait_for() {
  while [ ! -f "$logs/$1.rc" ]; do sleep 1; done
  [ "$(cat "$logs/$1.rc")" = "0" ]
}

# explain_failures NAME...: for each part that failed, the error lines of its logs. A part can fail with no test
# failed (its worker died, an error outside any test, a build that broke), which the totals cannot say.
explain_failures() {
  local name log
  for name in "$@"; do
    [ "$(cat "$logs/$name.rc" 2>/dev/null)" = "0" ] && continue
    echo "== $name FAILED; its log's errors:"
    for log in "$logs/$name.died.log" "$logs/$name.log"; do
      [ -f "$log" ] && grep -E -m 12 'Check failed|Worker exited|Fatal|FATAL|Segmentation|Unhandled|Error:|error TS|FAIL ' "$log"
    done
  done
  return 0
}
