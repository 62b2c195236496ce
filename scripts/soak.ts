// npm run soak: a bounded soak run on 127.0.0.1 (SOAK_SECONDS, default 600; SOAK_USERS, default 40; DATABASE_URL
// for PostgreSQL, else in-memory PGlite). Prints samples as it goes and a summary; exits 1 on a ledger violation,
// a 5xx, or RSS growing more than SOAK_MAX_RSS_GROWTH_MB (default 100) between the first and last third.
import { rssGrowthMb, runSoak } from './soak/soak.ts';

const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const users = Number(process.env.SOAK_USERS ?? 40);
const maxGrowth = Number(process.env.SOAK_MAX_RSS_GROWTH_MB ?? 100);
const report = await runSoak({ seconds, users, databaseUrl: process.env.DATABASE_URL, progress: (l) => console.log(l) });
const growth = rssGrowthMb(report.samples);
const lagP99 = Math.max(...report.samples.map((s) => s.lagP99Ms));
console.log(JSON.stringify({ ...report, samples: report.samples.length, rssGrowthMb: growth, worstLagP99Ms: lagP99 }, null, 2));
const failed = report.violations.length > 0 || report.serverErrors > 0 || growth > maxGrowth;
console.log(failed ? 'SOAK FAILED' : 'soak passed: invariants held at every check, no 5xx, RSS flat');
process.exit(failed ? 1 : 0);
