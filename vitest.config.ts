// Three suites: unit (happy-dom, no network), server (real HTTP/ws on 127.0.0.1), e2e (Chromium).
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { firstTexts } from './scripts/first-texts-plugin.ts';

export default defineConfig({
  plugins: [react(), firstTexts()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
          // The property tests run hundreds of cases: on a loaded 2-core machine 5 s (vitest's default) is not enough.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // Restarting the database process only means something on PostgreSQL (PGlite lives inside the server's
          // own process, which tests/server/main/fault-kill.test.ts kills instead): the file is not run, not skipped.
          // The cluster roles (market, gateway) need PostgreSQL, so their files run in the PostgreSQL pass only; so
          // does the move from PGlite to PostgreSQL, which needs both.
          exclude:
            process.env.TEST_DB === 'postgres'
              ? []
              : [
                  'tests/server/db/pg-restart.test.ts',
                  'tests/server/cluster/cluster-gateways.test.ts',
                  'tests/server/cluster/cluster-failover.test.ts',
                  'tests/server/cluster/cluster-price-desk.test.ts',
                  'tests/server/cluster/cluster-fix-failover.test.ts',
                  'tests/server/db/migrate-to-postgres.test.ts',
                  'tests/server/cluster/cluster-restart.test.ts',
                  'tests/server/cluster/cluster-swaps.test.ts',
                ],
          environment: 'node',
          globalSetup: ['tests/server/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll's own default (1 s) is shorter than a round trip through the server on a machine busy with the
          // other lanes: a poll that needs longer says so with its own timeout; this default only stops false alarms.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
