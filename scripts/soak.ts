// npm run soak: a bounded soak run on 127.0.0.1 (SOAK_SECONDS, default 600; SOAK_USERS, default 40; SOAK_LANES
// concurrent lanes, default one per user; SOAK_POSITIONS market positions each user opens first, default 0;
// DATABASE_URL for PostgreSQL, or SOAK_DB=postgres for a throwaway local cluster, else in-memory PGlite, started from
// the PGlite tarball SOAK_PGLITE_TEMPLATE when given (the server tests' template); SOAK_OUT writes the full report as
// JSON). Prints samples as it
// goes and a summary (actions/s in the first vs the last SOAK_WINDOW_S seconds, default 300, worst lag p99); exits 1
// on a ledger violation, a 5xx, a harness error, or RSS growing more than SOAK_MAX_RSS_GROWTH_MB (default 100)
// between the middle and last third.
import { readFileSync, writeFileSync } from 'node:fs';
import { rateOver, rssGrowthMb, runSoak } from './soak/soak.ts';
import { startPostgresCluster } from '../tests/fixtures/postgres-cluster.ts';
import { adminQuery, dbUrl } from '../tests/server/test-db.ts';

const env = (k: string, d: number): number => Number(process.env[k] ?? d);
const seconds = env('SOAK_SECONDS', 600);
const users = env('SOAK_USERS', 40);
const lanes = process.env.SOAK_LANES ? env('SOAK_LANES', 0) : undefined;
const positions = env('SOAK_POSITIONS', 0);
const windowS = Math.min(env('SOAK_WINDOW_S', 300), Math.floor(seconds / 2));
const maxGrowth = env('SOAK_MAX_RSS_GROWTH_MB', 100);
let databaseUrl = process.env.DATABASE_URL;
const cluster = !databaseUrl && process.env.SOAK_DB === 'postgres' ? await startPostgresCluster() : null;
if (cluster) {
  await adminQuery(cluster.adminUrl, 'CREATE DATABASE tickwise_soak');
  databaseUrl = dbUrl(cluster.adminUrl, 'tickwise_soak');
}
const templatePath = process.env.SOAK_PGLITE_TEMPLATE;
const pgliteTemplate = !databaseUrl && templatePath ? new Blob([new Uint8Array(readFileSync(templatePath))]) : undefined;
const report = await runSoak({ seconds, users, lanes, positions, databaseUrl, pgliteTemplate, progress: (l) => console.log(l) })
  .finally(() => cluster?.stop());
const growth = rssGrowthMb(report.samples);
const lagP99 = report.samples.map((s) => s.lagP99Ms).sort((a, b) => a - b);
const summary = {
  database: databaseUrl ? 'postgres' : 'pglite', seconds, users, lanes: lanes ?? users, positions,
  bookAtStart: report.bookAtStart, actions: report.actions, acked: report.acked, refused: report.refused,
  refusals: report.refusals, serverErrors: report.serverErrors, harnessErrors: report.harnessErrors,
  harnessErrorSamples: report.harnessErrorSamples, checks: report.checks, violations: report.violations.length,
  [`actionsPerSFirst${windowS}s`]: rateOver(report.samples, windowS, 'first'),
  [`actionsPerSLast${windowS}s`]: rateOver(report.samples, windowS, 'last'),
  lagP99MsWorst: lagP99.at(-1) ?? 0, lagP99MsMedian: lagP99[Math.floor(lagP99.length / 2)] ?? 0,
  checkMsWorst: Math.max(0, ...report.samples.map((s) => s.checkMs)), rssGrowthMb: growth,
};
console.log(JSON.stringify(summary, null, 2));
if (process.env.SOAK_OUT) writeFileSync(process.env.SOAK_OUT, JSON.stringify({ summary, report }, null, 2));
const failed = report.violations.length > 0 || report.serverErrors > 0 || report.harnessErrors > 0 || growth > maxGrowth;
console.log(failed ? 'SOAK FAILED' : 'soak passed: invariants held at every check, no 5xx, no harness error, RSS flat');
process.exit(failed ? 1 : 0);
