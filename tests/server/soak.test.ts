// The 60-second soak inside npm test (scripts/soak/soak.ts; `npm run soak` runs the long one): simulated users
// trading and moving money against a live server on 127.0.0.1; the ledger invariants hold at every check, no 5xx,
// and RSS stays flat (growth under a generous bound: this catches a leak, not noise).
import { describe, expect, it } from 'vitest';
import { rssGrowthMb, runSoak } from '../../scripts/soak/soak.ts';
import { freshDatabase } from './harness.ts';

const SECONDS = Number(process.env.SOAK_TEST_SECONDS ?? 60);

describe('soak', () => {
  it(`${SECONDS} s of random trading and money actions: invariants at every check, no 5xx, RSS flat`, async () => {
    const fresh = await freshDatabase();
    try {
      const report = await runSoak({
        seconds: SECONDS, users: 10, checkEveryMs: 3000, databaseUrl: fresh.databaseUrl, pgliteTemplate: fresh.pgliteTemplate,
      });
      const growth = rssGrowthMb(report.samples);
      console.log(`[soak] ${JSON.stringify({ ...report, samples: report.samples.map((s) => `${s.atS}s:${s.rssMb}MB/${s.lagP99Ms}ms`), rssGrowthMb: growth })}`);
      expect(report.violations).toEqual([]);
      expect(report.serverErrors).toBe(0);
      expect(report.checks).toBeGreaterThanOrEqual(Math.floor(SECONDS / 3));
      for (const kind of ['submit', 'close', 'stops', 'withdraw', 'operator-credit']) expect(report.actions[kind] ?? 0, kind).toBeGreaterThan(0);
      expect(growth).toBeLessThan(100);
    } finally {
      await fresh.drop();
    }
  }, (SECONDS + 90) * 1000);
});
