#!/usr/bin/env bash
# The one test command (npm test): type-check, lint, unit, server on PGlite and on PostgreSQL, browser end-to-end
# (Chromium, and the cross-browser flows in Firefox ESR).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp/test-results
rm -f .tmp/test-results/*.json

bash scripts/ensure-system-deps.sh || exit 1

step() { echo; echo "== $*"; }
fail=0
run_vitest() { # name, env..., -- vitest args
  local name=$1; shift
  local envs=(); while [ "$1" != "--" ]; do envs+=("$1"); shift; done; shift
  env "${envs[@]}" npx vitest run "$@" --reporter=default --reporter=json --outputFile=".tmp/test-results/$name.json" || fail=1
}

step "type-check (app, worker, node)"
npm run -s typecheck || fail=1

step "lint (ESLint: type-aware rules and the import rooms)"
npm run -s lint || fail=1

step "unit tests"
run_vitest unit -- --project unit

# The two server suites and the client build run side by side: each server suite runs its files one at a time
# (vitest.config.ts), so together they use both cores; each part's log is printed after all end, in this order.
step "server tests on PGlite and on PostgreSQL, the client build and the Firefox flows (side by side)"
logs=.tmp/test-logs
mkdir -p "$logs"
rm -f "$logs"/*
( fail=0; run_vitest server-pglite TEST_DB=pglite -- --project server >"$logs/server-pglite.log" 2>&1; echo $fail >"$logs/server-pglite.rc" ) &
pg_pid=$!
( fail=0; run_vitest server-postgres TEST_DB=postgres -- --project server >"$logs/server-postgres.log" 2>&1; echo $fail >"$logs/server-postgres.rc" ) &
pq_pid=$!
# The client build, then the cross-browser flows in Firefox (tests/e2e/browser.ts FLOW_BROWSERS) on the core the
# PostgreSQL suite leaves free once it is done; Chromium runs every browser test after this step.
(
  npx vite build --logLevel warn >"$logs/build.log" 2>&1; echo $? >"$logs/build.rc"
  fail=0
  [ "$(cat "$logs/build.rc")" = "0" ] && E2E_BROWSERS=firefox run_vitest e2e-firefox -- --project e2e \
    tests/e2e/live-market.test.ts tests/e2e/trading.test.ts tests/e2e/money.test.ts >"$logs/e2e-firefox.log" 2>&1
  echo $fail >"$logs/e2e-firefox.rc"
) &
build_pid=$!
wait $pg_pid $pq_pid $build_pid
for part in server-pglite server-postgres build e2e-firefox; do
  step "$part"
  cat "$logs/$part.log" 2>/dev/null
  [ "$(cat "$logs/$part.rc" 2>/dev/null)" = "0" ] || fail=1
done

step "browser tests (Chromium)"
run_vitest e2e -- --project e2e

node scripts/test-summary.mjs .tmp/test-results || fail=1
exit $fail
