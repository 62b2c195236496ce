// Three suites: unit (happy-dom, no network), server (real HTTP/ws on 127.0.0.1), e2e (Chromium).
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { firstTexts } from './scripts/first-texts-plugin.ts';
import { loadSlowness, measureSlowness, SLOWNESS_ENV } from './tests/fixtures/slowness.ts';

// Every fixed time limit below is written for the reference machine and scaled by this host's slowness, which npm
// test measures once at its start (tests/fixtures/slowness.ts); the test workers inherit it.
process.env[SLOWNESS_ENV] ??= String(measureSlowness());
// The load counts as in a test's own limits (tests/fixtures/slowness.ts): a run that starts beside other work, or on a
// share of the cores, gets the same stretch for vitest's own timeouts as for its waits.
const slow = (ms: number): number => Math.round(ms * Math.max(Number(process.env[SLOWNESS_ENV]) || 1, loadSlowness()));

// Server test files run on PGlite as well as PostgreSQL: those touching what the databases do differently.
const BOTH_DATABASES = [
  'tests/server/db/**/*.test.ts',
  'tests/server/ledger/**/*.test.ts',
  'tests/server/wallet/**/*.test.ts',
  'tests/server/funds/**/*.test.ts',
  'tests/server/engine/**/*.test.ts',
  'tests/server/swaps/**/*.test.ts',
  'tests/server/copy/**/*.test.ts', // copy accounts, mirrored actions keyed under a unique constraint, fees
  'tests/server/backup/**/*.test.ts',
  // a kill -9 and a restart of the server's process
  'tests/server/main/{fault-kill,lifecycle,main-process}.test.ts',
  'tests/server/auth/second-factor-repository.test.ts',
  'tests/server/content/content-migration.test.ts',
  // the attacks from outside: four eyes, staff sign-in and own passwords, the factor's enrolment and brake,
  // addresses, the smaller holes (device names, the outbox, deep bodies, the log)
  'tests/server/staff/four-eyes.test.ts',
  'tests/server/staff/staff.test.ts',
  'tests/server/staff/staff-login-guard.test.ts',
  'tests/server/auth/factor-enrol.test.ts',
  'tests/server/security/factor-brake.test.ts',
  'tests/server/security/security-smalls.test.ts',
  'tests/server/accounts/addresses.test.ts',
  // sessions, their sign-outs over HTTP and the socket, the open-order cap under the account's row lock
  'tests/server/auth/account-security.test.ts',
  'tests/server/security/security-{sessions,socket,caps}.test.ts',
  // one close across two writers, the ledger's invariants after it
  'tests/server/cluster/trigger-once.test.ts',
  // two requests racing for one row or one last place
  'tests/server/accounts/accounts.test.ts',
  'tests/server/alerts/alerts.test.ts',
  'tests/server/watchlist/watchlist.test.ts',
  'tests/server/feedback/feedback.test.ts', // the 24-hour cap under the account's row lock
  'tests/server/metrics/staff-queues.test.ts', // one query over five tables' statuses
  'tests/server/security/security-codes.test.ts',
  // a table of its own (sessions ended elsewhere), read on every 999
  'tests/server/auth/signed-out-elsewhere.test.ts',
  // money rules on submit (leverage caps, the questionnaire's gate)
  'tests/server/retail/retail-caps.test.ts',
  // scheduled closures: the job's and a cancel's row locks, the schedule's rows across rounds
  'tests/server/market/closures/market-closures.test.ts',
];
// Files in a folder above that only read, seed or push, with no money moving and no race: one database is enough.
const ONE_DATABASE = [
  'tests/server/engine/{book-view,book-demo,trading-push}.test.ts',
  'tests/server/copy/{statistics,copy-invariants,house-traders}.test.ts',
  // a kill -9 between committed chunks of mirroring, held there by a second connection's row lock (PGlite has one
  // connection): PGlite's own kill -9 and restart is fault-kill's, on both
  'tests/server/copy/copy-kill.test.ts',
  'tests/server/swaps/swap-seed.test.ts',
  'tests/server/db/config-pglite-worker.test.ts',
  // PGlite whatever TEST_DB says (its folder's lock, a damaged backup restored into it, its worker bridge and opener):
  // twice would run the same test twice
  'tests/server/backup/{data-dir-lock,damaged-backup}.test.ts',
  'tests/server/db/{pglite-bridge,open-server-db}.test.ts',
];
// Unit tests of code that never runs in a page: plain Node (a file that needs a DOM says so with
// `// @vitest-environment happy-dom`). Both unit projects run their files in one module graph per worker; the app's
// stores are module state, so tests/unit/setup.ts gives each happy-dom file fresh app modules and an empty page.
const UNIT_NODE = ['tests/unit/{bench,domain,house,public,scripts,server,workers}/**/*.test.ts'];
// Server test files run on PostgreSQL only: restarting the database process (PGlite lives inside the server's own
// process, which tests/server/main/fault-kill.test.ts kills instead), the cluster roles (market, gateway), and the move
// from PGlite to PostgreSQL, which needs both.
const POSTGRES_ONLY = [
  'tests/server/db/pg-restart.test.ts',
  'tests/server/db/migrate-to-postgres.test.ts',
  // the app's role and the audit log's owner as two PostgreSQL roles (PGlite has one user)
  'tests/server/staff/audit-owner.test.ts',
  'tests/server/cluster/cluster-{gateways,failover,price-desk,fix-failover,restart,swaps}.test.ts',
];
// The soak runs on PGlite only: it tests the server under load as `npm start` runs it (scripts/soak.ts).
const PGLITE_ONLY = ['tests/server/main/soak.test.ts'];

// Files run in the order of their paths on every machine: vitest's own order follows a results cache that a clean
// clone (CI) lacks, so a file that leaned on another's leftovers on the shared server passed here and failed there.
class PathOrder extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return Promise.resolve([...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId)));
  }
}

export default defineConfig({
  plugins: [react(), firstTexts()],
  test: {
    sequence: { sequencer: PathOrder },
    // The suite's vitest runs transform the same server and client modules: one run's output serves the others.
    experimental: { fsModuleCache: true, fsModuleCachePath: '.tmp/vitest-module-cache' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: UNIT_NODE,
          environment: 'happy-dom',
          isolate: false,
          setupFiles: ['tests/unit/setup.ts'],
          // The property tests run hundreds of cases: on a loaded 2-core machine 5 s (vitest's default) is not enough.
          testTimeout: slow(20_000),
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-node',
          include: UNIT_NODE,
          environment: 'node',
          isolate: false,
          setupFiles: ['tests/unit/setup.ts'],
          testTimeout: slow(20_000),
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          // PostgreSQL runs every server file; PGlite only those where the two databases can differ
          // (docs/testing.md): both are the same SQL engine, so what differs is connections, locks, transactions and
          // processes — money, the ledger and its races, repositories, migrations, backups and restarts. The rest
          // runs once, on the native server: the same test costs about a third less CPU there than in WebAssembly.
          ...(process.env.TEST_DB === 'postgres'
            ? { include: ['tests/server/**/*.test.ts'], exclude: PGLITE_ONLY }
            : { include: [...BOTH_DATABASES, ...PGLITE_ONLY], exclude: [...POSTGRES_ONLY, ...ONE_DATABASE] }),
          environment: 'node',
          globalSetup: ['tests/server/support/global-setup.ts'],
          // A guard against a hang, not a measure: a whole backup or a kill and restart runs tens of seconds when starved.
          testTimeout: slow(120_000),
          hookTimeout: slow(60_000),
          fileParallelism: false,
          // One module graph for every file (they run one after another in one worker): each file still builds its
          // own server and database, but the server's modules, PGlite's compiled WebAssembly and the JIT's work are
          // paid once, not 44 times — half the suite's CPU time. Server code keeps no module state a test relies on.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/setup.ts'],
          testTimeout: slow(60_000),
          hookTimeout: slow(120_000),
          // A poll ends as soon as its condition holds: the default is a hang guard, as long as playwright's own waits.
          expect: { poll: { timeout: slow(30_000) } },
          fileParallelism: false,
          // One module graph for the files of a run: each file still has its own pages, users and data; the helpers
          // keep no module state a file relies on, and playwright and the server's types are imported once.
          isolate: false,
        },
      },
    ],
  },
});
