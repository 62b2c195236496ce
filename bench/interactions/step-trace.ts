// Long tasks of chosen interactions and their sources; builds take turns per round, so a before/after is like with like.
import { simEnv, startBenchServer, type BenchServer } from '../lib/app-server.ts';
import { ensureBuilds } from '../lib/client-build.ts';
import { buildsArg, flag as arg, log, saveTrace } from '../lib/tool.ts';
import { median, percentile } from '../lib/stats.ts';
import type { BrowserContext } from 'playwright-core';
import { deviceScale, launchPinned } from '../render/browser.ts';
import { PROFILE_CATEGORIES } from '../render/run-one.ts';
import type { BenchSession } from '../render/session.ts';
import { MARK_END, MARK_START, traceEventsOf } from '../render/trace.ts';
import { builtLocator } from '../startup/source-position.ts';
import { longTasksBetween } from '../startup/task-split-parse.ts';
import { desk, deviceOn, measureStep, openDevice, phone, type DeviceSetup } from './interactions-bench.ts';
import { firstLine } from '../lib/json-child.ts';

const device = arg('device', 'phone') === 'desk' ? desk : phone;
const chosen = new Set(arg('steps', '').split(',').filter(Boolean));
const rounds = Number(arg('rounds', '3'));
/** INP alone, with no trace: tracing slows what a tap does (a navigation's pushState, its chunks' requests). */
const untraced = process.argv.includes('--untraced');
const { dists, names } = buildsArg(() => ensureBuilds(log).probe);

/**
 * What a step of a build gave: its INPs; untraced, each sample's input delay / processing / presentation, for where an
 * INP goes; traced, its long tasks and the main-thread CPU × throttle, which the load of other processes does not inflate.
 */
const stepLog = () => ({ inp: [] as number[], parts: [] as string[], tasks: [] as string[], cpu: [] as number[] });

interface Build {
  name: string;
  dist: string;
  server: BenchServer;
  setup: DeviceSetup;
  session: BenchSession;
  steps: Map<string, ReturnType<typeof stepLog>>;
}

const logOf = (b: Build, id: string): ReturnType<typeof stepLog> =>
  b.steps.get(id) ?? (b.steps.set(id, stepLog()).get(id) as ReturnType<typeof stepLog>);
/** The first `n` of `xs`, each as `f` writes it. */
const firstOf = <T>(xs: readonly T[], n: number, f: (x: T) => string): string => xs.slice(0, n).map(f).join(', ');

const builds: Build[] = [];
const pinned = await launchPinned('0', { scale: deviceScale(device === phone) });
try {
  for (const [i, dist] of dists.entries()) {
    const server = await startBenchServer({
      env: simEnv(device === desk ? 5000 : 300),
      distDir: dist,
      cpus: '1',
      weekday: true,
    });
    const { session, dev: setup } = await deviceOn(server.url, device);
    builds.push({ name: names[i] ?? dist, dist, server, setup, session, steps: new Map() });
  }
  for (let round = 1; round <= rounds; round++) {
    for (const b of builds) {
      log(`round ${round}/${rounds}: ${b.name} …`);
      let context: BrowserContext | null = null;
      try {
        const opened = await openDevice(pinned.browser, b.server.url, b.session, b.setup, b.setup.appPath, 180_000);
        context = opened.context;
        const { page } = opened;
        // The desk's steps stand alone; the phone's path leads each step to where the next begins.
        for (const step of b.setup.steps.filter((s) => b.setup.name === 'phone' || chosen.has(s.id))) {
          const traced = chosen.has(step.id) && !untraced;
          if (traced) await pinned.browser.startTracing(page, { categories: PROFILE_CATEGORIES });
          const sample = await measureStep(page, step).catch((err: unknown) => {
            log(`  ${b.name} ${step.id}: ${firstLine(err)}`);
            return null;
          });
          const at = logOf(b, step.id);
          if (sample && untraced && chosen.has(step.id)) {
            at.inp.push(sample.inp);
            const split = [sample.inputDelay, sample.processing, sample.presentation].map((x) => x?.toFixed(0) ?? '?');
            const part =
              `INP ${sample.inp.toFixed(0)} = ${split.join(' + ')} (delay + processing + presentation)` +
              ` on ${sample.event ?? '?'}; answered in ${sample.answerMs.toFixed(0)}`;
            at.parts.push(part);
          }
          if (!traced) continue;
          const buf = await pinned.browser.stopTracing();
          saveTrace(`step-${step.id}-${b.name}-${round}`, buf);
          const events = traceEventsOf(buf);
          const start = events.find((e) => e.name === MARK_START);
          const end = events.find((e) => e.name === MARK_END);
          if (!sample || !start || !end) continue;
          at.inp.push(sample.inp);
          const where = builtLocator(b.dist);
          const { throttle } = b.setup;
          const { tasks, phoneCpuMs } = longTasksBetween(events, start, start.ts / 1000, end.ts / 1000, throttle);
          const ms = (v: number): string => (v * throttle).toFixed(0);
          const lines = tasks.map(
            (t) =>
              `${t.phoneMs.toFixed(0)} ms (wall ${t.wallMs.toFixed(0)}) at +${t.atMs.toFixed(0)}: ` +
              `${firstOf(t.chunks, 3, (c) => `${c.chunk} ${ms(c.ms)}`)}; ` +
              `${firstOf(t.top, 4, (f) => `${f.fn} ${where(f.url, f.line, f.column)} ${ms(f.ms)}`)}; ` +
              `inside ${firstOf(t.inside, 3, (x) => `${x.name} ${ms(x.ms)}`)}`,
          );
          at.cpu.push(phoneCpuMs);
          at.tasks.push(
            `INP ${sample.inp.toFixed(0)}, main-thread CPU ${phoneCpuMs.toFixed(0)} ms (× throttle)`,
            ...lines,
          );
        }
      } catch (err) {
        log(`  ${b.name} round ${round} failed: ${firstLine(err)}`);
      } finally {
        await context?.close().catch(() => undefined);
      }
    }
  }
} finally {
  await pinned.close();
  for (const b of builds) await b.server.stop();
}
for (const id of chosen) {
  console.log(`\n## ${id}`);
  for (const b of builds) {
    const { inp: xs, cpu, parts, tasks } = logOf(b, id);
    console.log(
      `${b.name}: INP n=${xs.length} p50 ${median(xs)?.toFixed(0)} p75 ${percentile(xs, 75)?.toFixed(0)}; ` +
        (untraced ? '' : `main-thread CPU p50 ${median(cpu)?.toFixed(0)} p75 ${percentile(cpu, 75)?.toFixed(0)} ms`),
    );
    for (const line of [...parts, ...tasks]) console.log(`  ${line}`);
  }
}
