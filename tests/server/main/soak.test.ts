// The soak inside npm test (scripts/soak.ts, the `npm run soak` command), short: simulated users trading and moving
// money against the server in a process of its own, driven by a load generator in another (scripts/soak/), on
// 127.0.0.1. A mixed run — followers copying two of the traders, the copy invariant holding at the end (every copy's
// positions match its provider's by the copy rule), the ledger invariants hold at every check, the dealer's view agrees with a full scan of the
// open orders at every check (the exposure invariant), swaps are charged at the accelerated rollover, no 5xx, every
// kind of action happened, and the server, the generator and this test are three processes — and a balanced run,
// whose book stays at its level. Each lane makes MIN_DRAWS draws however long they take (scripts/soak/lane.ts), so a
// slow share of CPU makes the run longer, never thinner. No
// timing or memory bound: on a loaded machine those measure the machine (the figures come from `npm run soak` on a
// quiet one, docs/reliability.md).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { SoakReport } from '../../../scripts/soak/soak.ts';
import { freshDatabase } from '../support/harness.ts';
import { slow } from '../../fixtures/slowness.ts';
import { TEST_SERVER_ENV } from '../../fixtures/test-server-costs.ts';

const SECONDS = Number(process.env.SOAK_TEST_SECONDS ?? 10); // a check every 3 s, a swap rollover every 4 s: both happen
const BALANCED_SECONDS = Math.max(6, Math.round(SECONDS * 0.6));
const MIN_DRAWS = 10;

/** Runs `scripts/soak.ts` in a child process; resolves with its report and its output (shown when a check fails). */
async function soakProcess(env: Record<string, string>): Promise<{ report: SoakReport; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-soak-test-'));
  const out = join(dir, 'report.json');
  try {
    const child = spawn(process.execPath, ['scripts/soak.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        SOAK_DB: '',
        SOAK_BALANCED: '',
        SOAK_POSITIONS: '',
        SOAK_HEAP_DIR: '',
        SOAK_COPY_FOLLOWERS: '0',
        ...TEST_SERVER_ENV, // the tests' hash cost: the checks here are of money and invariants, not of scrypt
        ...env,
        SOAK_OUT: out,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    await new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let report: SoakReport;
    try {
      report = (JSON.parse(readFileSync(out, 'utf8')) as { report: SoakReport }).report;
    } catch (err) {
      throw new Error(`the soak wrote no report:\n${output}`, { cause: err });
    }
    return { report, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A soak on a fresh database of the suite's kind (PostgreSQL, or PGlite from the template). */
async function soakOnFreshDb(env: Record<string, string>): Promise<{ report: SoakReport; output: string }> {
  const db = inject('testDb');
  const fresh = await freshDatabase();
  try {
    return await soakProcess({
      ...(fresh.databaseUrl
        ? { DATABASE_URL: fresh.databaseUrl }
        : { SOAK_PGLITE_TEMPLATE: db.kind === 'pglite' ? db.templatePath : '' }),
      ...env,
    });
  } finally {
    await fresh.drop();
  }
}

describe('soak', () => {
  it(
    `${SECONDS} s of random trading and money actions from a generator process: invariants at every check, no 5xx`,
    async () => {
      const { report, output } = await soakOnFreshDb({
        SOAK_SECONDS: String(SECONDS),
        SOAK_USERS: '10',
        SOAK_SWAP_ROLLOVER_MS: '4000',
        SOAK_COPY_FOLLOWERS: '4',
        SOAK_MIN_DRAWS: String(MIN_DRAWS),
      });
      console.log(
        `[soak] ${JSON.stringify({ ...report, samples: report.samples.map((s) => `${s.atS}s:${s.rssMb}MB/${s.heapMb}MB/${s.lagP99Ms}ms/load ${s.load1}`) })}`,
      );
      expect(report.violations, output).toEqual([]);
      expect(report.serverErrors, output).toBe(0);
      // The floor, then the order each lane keeps for the copies to mirror.
      expect(report.shortestLane, output).toBeGreaterThanOrEqual(MIN_DRAWS + 1);
      expect(report.checks, output).toBeGreaterThanOrEqual(2);
      expect(report.exposureViolations, output).toEqual([]);
      expect(report.exposureChecks, output).toBeGreaterThanOrEqual(2);
      // SOAK_SWAP_ROLLOVER_MS 4000: a rollover every 4 s over a book that always holds positions.
      expect(report.swapCharges, output).toBeGreaterThan(0);
      // Four followers copied two of the traders: the copy invariant holds at the end and the mirror did work.
      expect(report.copies?.violations, output).toEqual([]);
      expect(report.copies?.running, output).toBeGreaterThan(0);
      expect(report.copies?.mirrored, output).toBeGreaterThan(0);
      for (const kind of ['submit', 'close', 'stops', 'withdraw', 'operator-credit'])
        expect(report.actions[kind] ?? 0, kind).toBeGreaterThan(0);
      // The server, the load generator and this test are three processes; the generator did the work and says so.
      expect(report.generators).toHaveLength(1);
      const [gen] = report.generators;
      expect(new Set([report.server.pid, gen?.pid, process.pid]).size).toBe(3);
      expect(gen?.cpuMs ?? 0).toBeGreaterThan(0);
      expect(report.samples.every((s) => s.heapMb > 0 && s.rssMb > 0)).toBe(true);
    },
    slow((SECONDS + 150) * 1000),
  );

  it(
    `${BALANCED_SECONDS} s balanced: each user keeps their level of open orders, so the book stays level`,
    async () => {
      const users = 6;
      const level = 5;
      const { report, output } = await soakOnFreshDb({
        SOAK_SECONDS: String(BALANCED_SECONDS),
        SOAK_USERS: String(users),
        SOAK_BALANCED: '1',
        SOAK_POSITIONS: String(level),
        SOAK_MIN_DRAWS: String(MIN_DRAWS),
      });
      console.log(
        `[soak balanced] book ${report.bookAtStart} → ${report.samples.map((s) => s.book).join(', ')} → ${report.bookAtEnd}`,
      );
      expect(report.violations, output).toEqual([]);
      expect(report.serverErrors, output).toBe(0);
      expect(report.balanced).toBe(true);
      expect(report.shortestLane, output).toBeGreaterThanOrEqual(MIN_DRAWS);
      expect(report.exposureViolations, output).toEqual([]);
      expect(report.bookAtStart, output).toBeGreaterThan(0);
      expect(report.bookAtStart, output).toBeLessThanOrEqual(users * level);
      // A lane opens only below its user's level and closes at it: never more than one order above it per user.
      for (const s of [...report.samples.map((x) => x.book), report.bookAtEnd])
        expect(s, output).toBeLessThanOrEqual(users * (level + 1));
      expect(report.actions.close ?? 0, output).toBeGreaterThan(0);
      expect((report.actions.submit ?? 0) + (report.actions.pending ?? 0), output).toBeGreaterThan(0);
    },
    slow((BALANCED_SECONDS + 150) * 1000),
  );
});
