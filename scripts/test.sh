#!/usr/bin/env bash
# The one test command (npm test): type-check, lint, unit, server on PGlite and on PostgreSQL, browser end-to-end.
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

step "server tests on PGlite"
run_vitest server-pglite TEST_DB=pglite -- --project server

step "server tests on PostgreSQL"
run_vitest server-postgres TEST_DB=postgres -- --project server

step "build the client for the browser tests"
npx vite build --logLevel warn || fail=1

step "browser tests (Chromium)"
run_vitest e2e -- --project e2e

node scripts/test-summary.mjs .tmp/test-results || fail=1
exit $fail
