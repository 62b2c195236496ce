// Each main-thread task over 50 ms after first paint, builds alternating per round (bench/README.md "Start-up").
import { setTimeout as sleep } from 'node:timers/promises';
import { loadavg } from 'node:os';
import { SIM_SEED, startBenchServer, type BenchServer } from '../lib/app-server.ts';
import { ensureBuilds } from '../lib/client-build.ts';
import { buildsArg, flag as arg, log, mdRow, saveTrace, writeStamped } from '../lib/tool.ts';
import { LIGHTHOUSE_PHONE, launchPinned } from '../render/browser.ts';
import { PROFILE_CATEGORIES } from '../render/run-one.ts';
import { traceEventsOf } from '../render/trace.ts';
import { builtLocator } from './source-position.ts';
import { startupTasks, type StartupSplit } from './task-split-parse.ts';

const { dists, names } = buildsArg(() => ensureBuilds(log).prod);
const pages = arg('pages', '/,/#/trade').split(',');
const loads = Number(arg('loads', '2'));
const windowMs = Number(arg('ms', '10000'));

interface Load {
  page: string;
  build: string;
  round: number;
  loadAverage: number;
  split: StartupSplit | null;
}

const servers: BenchServer[] = [];
const out: Load[] = [];
const browser = await launchPinned(null, { scale: LIGHTHOUSE_PHONE.deviceScaleFactor });
try {
  for (const dist of dists) {
    servers.push(await startBenchServer({ env: { SIM_SEED }, distDir: dist, cpus: null }));
  }
  for (let round = 1; round <= loads; round++) {
    for (const path of pages) {
      for (let b = 0; b < dists.length; b++) {
        const server = servers[b] as BenchServer;
        const context = await browser.browser.newContext(LIGHTHOUSE_PHONE);
        try {
          const page = await context.newPage();
          await browser.browser.startTracing(page, { categories: PROFILE_CATEGORIES });
          await page.goto(`${server.url}${path}`);
          await sleep(windowMs);
          const buf = await browser.browser.stopTracing();
          saveTrace(`task-split-${path === '/' ? 'root' : path.replace(/\W+/g, '')}-${names[b] ?? b}-${round}`, buf);
          const split = startupTasks(traceEventsOf(buf));
          const where = builtLocator(dists[b] as string);
          for (const t of split?.tasks ?? []) for (const f of t.top) f.url = where(f.url, f.line, f.column);
          const load: Load = { page: path, build: names[b] ?? String(b), round, loadAverage: loadavg()[0] ?? 0, split };
          out.push(load);
          log(`${path} ${load.build} #${round} (load ${load.loadAverage.toFixed(1)}): ${describe(split)}`);
        } finally {
          await context.close().catch(() => undefined);
        }
      }
    }
  }
} finally {
  await browser.close();
  for (const s of servers) await s.stop();
}

function describe(split: StartupSplit | null): string {
  if (!split) return 'no first contentful paint in the trace';
  const long = split.tasks.map((t) => `${t.phoneMs.toFixed(0)} ${t.chunk}`).join(', ');
  return `${long || 'no task over 50 ms'} (TBT after FCP ${split.blockingMs.toFixed(0)} ms)`;
}

for (const path of pages) {
  console.log(`\n## ${path}: tasks after the first paint over 50 ms (thread CPU × 4, chunk)\n`);
  console.log(mdRow(['load', ...names], true));
  for (let round = 1; round <= loads; round++) {
    const cells = names.map((n) =>
      describe(out.find((l) => l.page === path && l.build === n && l.round === round)?.split ?? null),
    );
    console.log(mdRow([round, ...cells]));
  }
  for (const l of out.filter((x) => x.page === path)) {
    for (const t of l.split?.tasks ?? []) {
      console.log(
        `\n${l.build} #${l.round}, +${t.atMs.toFixed(0)} ms: ${t.phoneMs.toFixed(0)} ms at 4× (CPU ${t.cpuMs.toFixed(1)}, wall ${t.wallMs.toFixed(1)}); ` +
          `chunks ${t.chunks.map((c) => `${c.chunk} ${c.ms.toFixed(1)}`).join(', ') || '—'}\n  functions: ` +
          t.top.map((f) => `${f.fn} ${f.url} ${f.ms.toFixed(1)}`).join('; ') +
          `\n  events: ${t.inside.map((x) => `${x.name} ${x.ms.toFixed(1)}`).join('; ')}`,
      );
    }
  }
}
writeStamped('task-split', out);
