// The 60-second soak inside npm test (scripts/soak.ts, the `npm run soak` command, with 10 users): simulated users
// trading and moving money against a live server on 127.0.0.1; the ledger invariants hold at every check, no 5xx,
// and RSS stays flat (growth under a generous bound: this catches a leak, not noise). It runs as its own process:
// the server tests share one process (vitest.config.ts, isolate: false), whose RSS carries every earlier file's heap
// and would measure the suite, not the soak.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { rssGrowthMb, type SoakReport } from '../../scripts/soak/soak.ts';
import { freshDatabase } from './harness.ts';

const SECONDS = Number(process.env.SOAK_TEST_SECONDS ?? 60);

/** Runs `scripts/soak.ts` in a child process; resolves with its report and its output (shown when a check fails). */
async function soakProcess(env: Record<string, string>): Promise<{ report: SoakReport; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-soak-test-'));
  const out = join(dir, 'report.json');
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/soak.ts'], {
      env: { ...process.env, DATABASE_URL: '', SOAK_DB: '', ...env, SOAK_SECONDS: String(SECONDS), SOAK_USERS: '10', SOAK_OUT: out },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
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

describe('soak', () => {
  it(`${SECONDS} s of random trading and money actions: invariants at every check, no 5xx, RSS flat`, async () => {
    const db = inject('testDb');
    const fresh = await freshDatabase();
    try {
      const { report, output } = await soakProcess(
        fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : { SOAK_PGLITE_TEMPLATE: db.kind === 'pglite' ? db.templatePath : '' },
      );
      const growth = rssGrowthMb(report.samples);
      console.log(`[soak] ${JSON.stringify({ ...report, samples: report.samples.map((s) => `${s.atS}s:${s.rssMb}MB/${s.lagP99Ms}ms`), rssGrowthMb: growth })}`);
      expect(report.violations, output).toEqual([]);
      expect(report.serverErrors, output).toBe(0);
      expect(report.checks).toBeGreaterThanOrEqual(Math.floor(SECONDS / 3));
      for (const kind of ['submit', 'close', 'stops', 'withdraw', 'operator-credit']) expect(report.actions[kind] ?? 0, kind).toBeGreaterThan(0);
      expect(growth).toBeLessThan(100);
    } finally {
      await fresh.drop();
    }
  }, (SECONDS + 90) * 1000);
});
