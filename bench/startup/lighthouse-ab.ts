// Lighthouse A/B of start-up builds, audited in turn each round so a loaded machine's drift falls on every build alike.
import { join } from 'node:path';
import { SIM_SEED, startBenchServer, type BenchServer } from '../lib/app-server.ts';
import { BENCH_TMP } from '../lib/client-build.ts';
import { median } from '../lib/stats.ts';
import { buildsArg, flag, log } from '../lib/tool.ts';
import { calibratedSlowdown, type LighthouseRun } from './lighthouse-runs.ts';
import { runLighthouse } from './lighthouse.ts';

const { dists, names } = buildsArg();
const pages = flag('pages', '/,/#/trade').split(',');
const rounds = Number(flag('rounds', '3'));
const OUT = join(BENCH_TMP, 'lighthouse-ab');

const servers: BenchServer[] = [];
const runs: { page: string; build: string; round: number; run: LighthouseRun }[] = [];
try {
  for (const dist of dists) servers.push(await startBenchServer({ env: { SIM_SEED }, distDir: dist, cpus: null }));
  const first = servers[0];
  if (!first) throw new Error('--dist=A,B: no build given');
  const probe = await runLighthouse(`${first.url}/`, OUT, 'probe', null);
  const slowdown = calibratedSlowdown(probe.benchmarkIndex);
  log(`host benchmark index ${probe.benchmarkIndex ?? 'n/a'} → ${slowdown}× for every build`);
  for (let round = 1; round <= rounds; round++)
    for (const page of pages)
      for (const [b, server] of servers.entries()) {
        const build = names[b] ?? String(b);
        const run = await runLighthouse(
          `${server.url}${page}`,
          OUT,
          `${page === '/' ? 'root' : page.replace(/\W+/g, '')}-${build}-${round}`,
          null,
          slowdown,
        );
        runs.push({ page, build, round, run });
        log(
          `${page} ${build} #${round}: LCP ${run.lcpMs?.toFixed(0)} TBT ${run.tbtMs?.toFixed(0)} (by CPU ${run.cpuTbtMs?.toFixed(0)}) ${run.error ?? ''}`,
        );
      }
} finally {
  for (const s of servers) await s.stop();
}
// Each build against the first within the same round (like with like); positive: what the first build buys.
const ok = runs.filter((r) => r.run.error === null);
const metrics: Record<string, (r: LighthouseRun) => number | null> = {
  LCP: (r) => r.lcpMs,
  TBT: (r) => r.tbtMs,
  'TBT by CPU': (r) => r.cpuTbtMs ?? null,
  FCP: (r) => r.fcpMs,
};
for (const page of pages)
  for (const build of names.slice(1)) {
    const diffs = Object.entries(metrics).map(([name, f]) => {
      const d = ok
        .filter((r) => r.page === page && r.build === build)
        .flatMap((r) => {
          const base = ok.find((x) => x.page === page && x.build === names[0] && x.round === r.round);
          const [a, b] = [base ? f(base.run) : null, f(r.run)];
          return a === null || b === null ? [] : [b - a];
        });
      return `${name} ${(median(d) ?? NaN).toFixed(0)} [${d.map((x) => x.toFixed(0)).join(' ')}]`;
    });
    console.log(`${page}\t${names[0]} buys over ${build}:\t${diffs.join('\t')}`);
  }
for (const page of pages)
  for (const build of names) {
    const mine = ok.filter((r) => r.page === page && r.build === build).map((r) => r.run);
    const cells = Object.entries({ ...metrics, score: (r: LighthouseRun) => r.performance }).map(
      ([name, f]) => `${name} ${(median(mine.map(f).filter((x): x is number => x !== null)) ?? NaN).toFixed(0)}`,
    );
    console.log(`${page}\t${build}\t${cells.join('\t')}\t(${mine.length} runs)`);
  }
