// npm run soak; its SOAK_* settings and exit rules are in docs/reliability.md "Soak".
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { growthAfter, growthStartS, rateOver, runSoak } from './soak/soak.ts';
import { pgliteWorkerEnv } from '../server/config.ts';
import { startPostgresCluster } from '../tests/fixtures/postgres-cluster.ts';
import { adminQuery, dbUrl } from '../tests/server/support/test-db.ts';

const env = (k: string, d: number): number => Number(process.env[k] ?? d);
const seconds = env('SOAK_SECONDS', 600);
const users = env('SOAK_USERS', 40);
const lanes = process.env.SOAK_LANES ? env('SOAK_LANES', 0) : undefined;
const positions = env('SOAK_POSITIONS', 0);
const balanced = process.env.SOAK_BALANCED === '1';
const windowS = Math.min(env('SOAK_WINDOW_S', 300), Math.floor(seconds / 2));
const fromS = Math.min(env('SOAK_FROM_S', 300), Math.floor(seconds / 3));
const maxGrowth = env('SOAK_MAX_RSS_GROWTH_MB', balanced ? 50 : 100);
const heapDir = process.env.SOAK_HEAP_DIR;
if (heapDir) mkdirSync(heapDir, { recursive: true });
let databaseUrl = process.env.DATABASE_URL;
const cluster = !databaseUrl && process.env.SOAK_DB === 'postgres' ? await startPostgresCluster() : null;
if (cluster) {
  await adminQuery(cluster.adminUrl, 'CREATE DATABASE tickwise_soak');
  databaseUrl = dbUrl(cluster.adminUrl, 'tickwise_soak');
}
const loadBefore = loadavg().map((x) => Math.round(x * 10) / 10);
const report = await runSoak({
  seconds,
  users,
  lanes,
  positions,
  balanced,
  databaseUrl,
  generators: env('SOAK_GENERATORS', 1),
  pgliteTemplate: databaseUrl ? undefined : process.env.SOAK_PGLITE_TEMPLATE || undefined,
  pgliteWorker: pgliteWorkerEnv(process.env.SOAK_PGLITE_WORKER), // the server's own rule and default (PGLITE_WORKER)
  heapDir,
  heapSnapshotAtS: heapDir ? env('SOAK_HEAP_SNAPSHOT_AT', fromS) : undefined,
  swapRolloverMs: env('SOAK_SWAP_ROLLOVER_MS', 30000),
  copyFollowers: env('SOAK_COPY_FOLLOWERS', 8),
  minDraws: env('SOAK_MIN_DRAWS', 0),
  progress: (l) => console.log(l),
}).finally(() => cluster?.stop());
const growthFromS = growthStartS(fromS, report.snapshotAtS);
const rssGrowthMb = growthAfter(report.samples, growthFromS, 'rssMb');
const heapGrowthMb = growthAfter(report.samples, growthFromS, 'heapMb');
const byLag = report.samples.map((s) => s.lagP99Ms).sort((a, b) => a - b);
const loads = report.samples.map((s) => s.load1);
const summary = {
  database: report.server.database,
  seconds,
  users,
  lanes: lanes ?? users,
  positions,
  balanced,
  server: report.server,
  generators: report.generators,
  serverCpuPctMean: Math.round(
    report.samples.reduce((a, s) => a + s.serverCpuPct, 0) / Math.max(1, report.samples.length),
  ),
  bookAtStart: report.bookAtStart,
  bookAtEnd: report.bookAtEnd,
  shortestLane: report.shortestLane,
  actions: report.actions,
  acked: report.acked,
  refused: report.refused,
  refusals: report.refusals,
  serverErrors: report.serverErrors,
  harnessErrors: report.harnessErrors,
  harnessErrorSamples: report.harnessErrorSamples,
  checks: report.checks,
  violations: report.violations.length,
  exposureChecks: report.exposureChecks,
  exposureViolations: report.exposureViolations.slice(0, 5),
  swapCharges: report.swapCharges,
  copies: report.copies && { ...report.copies, violations: report.copies.violations.slice(0, 5) },
  [`actionsPerSFirst${windowS}s`]: rateOver(report.samples, windowS, 'first'),
  [`actionsPerSLast${windowS}s`]: rateOver(report.samples, windowS, 'last'),
  lagP99MsWorst: byLag.at(-1) ?? 0,
  lagP99MsMedian: byLag[Math.floor(byLag.length / 2)] ?? 0,
  checkMsWorst: Math.max(0, ...report.samples.map((s) => s.checkMs)),
  [`rssGrowthMbFrom${growthFromS}s`]: rssGrowthMb,
  [`heapGrowthMbFrom${growthFromS}s`]: heapGrowthMb,
  rssMbAtEnd: report.samples.at(-1)?.rssMb ?? 0,
  heapMbAtEnd: report.samples.at(-1)?.heapMb ?? 0,
  heapSnapshots: report.heapSnapshots,
  // A run at a load above the core count measured the machine, not the server.
  load: {
    before: loadBefore,
    min: Math.min(...loads),
    max: Math.max(...loads),
    end: loadavg().map((x) => Math.round(x * 10) / 10),
  },
};
console.log(JSON.stringify(summary, null, 2));
if (process.env.SOAK_OUT) writeFileSync(process.env.SOAK_OUT, JSON.stringify({ summary, report }, null, 2));
const grew = rssGrowthMb > maxGrowth || heapGrowthMb > maxGrowth;
const failed =
  report.violations.length > 0 ||
  report.exposureViolations.length > 0 ||
  (report.copies?.violations.length ?? 0) > 0 ||
  report.serverErrors > 0 ||
  report.harnessErrors > 0 ||
  grew;
console.log(
  failed ? 'SOAK FAILED' : 'soak passed: invariants held at every check, no 5xx, no harness error, RSS and heap flat',
);
process.exit(failed ? 1 : 0);
