// One measured run of the render A/B: one fresh browser context, one screen, one feed mode, one or more phases.
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type { ProbeSnapshot } from './bench-probe.ts';
import {
  frameStats,
  intervals,
  longTasks,
  percentile,
  perFrameCounts,
  perSecond,
  sum,
  tapLatencies,
  type FrameStats,
} from '../lib/stats.ts';
import { openPage, setThrottle } from './browser.ts';
import { NAME_SHIM, pageProbe, type PageWindow } from './page-probe.ts';
import { SYNTHETIC_CATEGORY_ID } from '../lib/synthetic-catalogue.ts';
import { seedBrowserState, setChartIndicators, type BenchSession } from './session.ts';
import type { ChartIndicators, FeedModeName, ScreenName } from './cases.ts';
import { MARK_END, MARK_START, summariseTrace, traceEventsOf, type TraceSummary } from './trace.ts';
import { FLOOR_PATH, serveFloor } from './floor-pages.ts';
import { runSamples, type RunSamples } from '../report/samples.ts';
import { phaseSplit } from '../report/phases.ts';
import { firstLine } from '../lib/json-child.ts';
import { METRICS, UNCOMPARED, type RunMetrics } from './metrics.ts';

/** Measurement traces stay lean (top-level tasks and the window marks): tracing costs main-thread time too. */
export const MEASURE_CATEGORIES = ['toplevel', 'blink.user_timing'];
/** The profile trace (an extra, unmeasured window) carries what a person needs to find the cost. */
export const PROFILE_CATEGORIES = [
  'toplevel',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

/** One measured window at one throttle rate; a run measures one or more in the same page, in order. */
export interface PhaseSpec {
  caseId: string;
  throttle: number;
  warmupMs: number;
  /** 0 = a primer: load and warm up, measure nothing. */
  measureMs: number;
  /** Where to write a gzipped profile trace of an extra window after the measured one (null = none). */
  profileTracePath: string | null;
  /** A further window with the rAF loop stopped (0 = none): main-thread busy without the probe's own cost. */
  quietMs: number;
}

export interface RunSpec {
  screen: ScreenName;
  indicators?: ChartIndicators;
  mode: FeedModeName;
  pair: number;
  viewport: { width: number; height: number };
  mobile: boolean;
  tapEveryMs: number;
  profileMs: number;
  phases: PhaseSpec[];
}

export interface RunResult {
  /** `phase`: its index in the run (a later phase ran in a page that had already run the earlier ones). */
  spec: Pick<RunSpec, 'screen' | 'mode' | 'pair'> &
    Pick<PhaseSpec, 'caseId' | 'throttle' | 'warmupMs' | 'measureMs'> & { phase: number };
  ok: boolean;
  error: string | null;
  metrics: RunMetrics;
  frames: FrameStats | null;
  taps: number;
  windowMs: number;
  timings: { loadMs: number; heapGcMs: number; traceMs: number };
  profileTrace: string | null;
  /** Raw samples for the HTML report; absent in older results. */
  samples?: RunSamples;
}

const EMPTY = Object.fromEntries([...METRICS.map((d) => d.key), ...UNCOMPARED].map((k) => [k, null])) as RunMetrics;

export function appUrl(base: string, screen: ScreenName, mode: FeedModeName): string {
  if (mode === 'floor') return `${base}${FLOOR_PATH}${screen === 'market' ? 'list' : screen}.html`;
  const q = mode === 'main' ? '?bench=1&feed=main' : '?bench=1';
  return `${base}/${q}#/${screen === 'trade' ? 'trade' : ''}`;
}

/** A neutral spot to tap (static text with no handler): the tap measures responsiveness, it changes nothing. */
const TAP_TARGET: Record<ScreenName, string> = {
  market: '.mk-title',
  desk: '.mk-title',
  trade: '.tr-form .tr-label',
};
const FLOOR_TAP_TARGET = '.fl-title';

/** How long a screen may take to load and go live before the run counts as failed (6× throttled, busy machine). */
const READY_TIMEOUT_MS = 45_000;

export async function waitLive(page: Page, screen: ScreenName, mode: FeedModeName): Promise<void> {
  const ready = { timeout: READY_TIMEOUT_MS };
  const painting = { timeout: 30_000, polling: 500 };
  if (mode === 'floor') {
    await page.waitForFunction(() => window.__twBench !== undefined, undefined, ready);
    await page.waitForFunction(() => (window.__twBench?.take().batches ?? 0) > 0, undefined, painting);
    return;
  }
  await page.waitForFunction(() => document.documentElement.dataset['ready'] === 'true', undefined, ready);
  const modeKnown = (): boolean => typeof window.__twBench?.mode === 'function' && window.__twBench.mode() !== null;
  await page.waitForFunction(modeKnown, undefined, ready);
  const running = await page.evaluate(() => window.__twBench?.mode() ?? null);
  if (running !== mode) throw new Error(`the app runs the feed in ${String(running)} mode, the run asked for ${mode}`);
  if (screen === 'market' || screen === 'desk') {
    // Every visible row should tick at SIM_HZ whatever the day: the synthetic category is open 24/7.
    const chip = `.mk-chip[data-category="${SYNTHETIC_CATEGORY_ID}"]`;
    await page.waitForSelector(chip, ready);
    await page.evaluate((sel) => document.querySelector<HTMLElement>(sel)?.click(), chip);
    await page.waitForSelector('.mk-row[data-code^="SYN"]', ready);
  }
  if (screen === 'trade' || screen === 'desk') {
    const barsDrawn = (): boolean =>
      Number(document.querySelector<HTMLElement>('[data-bars]')?.dataset['bars'] ?? 0) > 0;
    await page.waitForFunction(barsDrawn, undefined, ready);
  }
  await page.evaluate(() => window.__twBench?.reset());
  await page.waitForFunction(() => (window.__twBench?.take().batches ?? 0) > 0, undefined, painting);
}

async function heapUsed(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

async function tapLoop(
  page: Page,
  mobile: boolean,
  target: { x: number; y: number },
  everyMs: number,
  untilMs: number,
): Promise<number> {
  let taps = 0;
  let next = Date.now() + everyMs / 2;
  while (next < untilMs - 250) {
    await sleep(Math.max(0, next - Date.now()));
    if (mobile) await page.touchscreen.tap(target.x, target.y);
    else await page.mouse.click(target.x, target.y);
    taps++;
    next += everyMs;
  }
  return taps;
}

function metricsOf(
  pw: PageWindow,
  probe: ProbeSnapshot,
  trace: TraceSummary | null,
  taps: number,
  heapGrowth: number | null,
): { metrics: RunMetrics; frames: FrameStats } {
  const windowMs = pw.endedAt - pw.startedAt;
  const lt = longTasks(pw.longTasks.map((t) => t.duration));
  const frames = frameStats(intervals(pw.rafs));
  const tap = tapLatencies(pw.events, taps);
  const arrivals = pw.messages.map((m) => m.at);
  const perFrame = perFrameCounts(arrivals, pw.rafs);
  const bytes = sum(pw.messages.map((m) => m.bytes));
  return {
    frames,
    metrics: {
      ...EMPTY,
      longTasks: pw.supports.longtask ? lt.count : null,
      tbtMs: pw.supports.longtask ? lt.tbtMs : null,
      longTaskMaxMs: pw.supports.longtask ? lt.maxMs : null,
      loafs: pw.supports.loaf ? pw.loafs.length : null,
      loafBlockingMs: pw.supports.loaf ? sum(pw.loafs.map((l) => l.blocking)) : null,
      rafP50: frames.p50,
      rafP95: frames.p95,
      rafP99: frames.p99,
      rafOver16: frames.over16,
      rafOver33: frames.over33,
      tapP98: pw.supports.event ? percentile(tap, 98) : null,
      tapMax: pw.supports.event && tap.length ? Math.max(...tap) : null,
      mainBusy: trace?.main?.busy ?? null,
      workerBusy: trace ? (trace.worker?.busy ?? 0) : null,
      tickToPaintP50: percentile(probe.feedToPaintMs, 50),
      tickToPaintP95: percentile(probe.feedToPaintMs, 95),
      serverTickToPaintP50: percentile(probe.serverTickToPaintMs, 50),
      serverTickToPaintP95: percentile(probe.serverTickToPaintMs, 95),
      msgsPerSec: perSecond(pw.messages.length, windowMs),
      kbPerSec: perSecond(bytes, windowMs) / 1024,
      maxMsgsPerFrame: perFrame.frames > 0 ? perFrame.max : null,
      framesOverOneMsg: perFrame.overOne,
      maxMsgKb: pw.messages.length ? Math.max(...pw.messages.map((m) => m.bytes)) / 1024 : 0,
      batchesPerSec: perSecond(probe.batches, windowMs),
      quotesPerSec: perSecond(probe.quotes, windowMs),
      heapGrowthMb: heapGrowth === null ? null : heapGrowth / (1024 * 1024),
      traceLongTasks: trace?.main?.long.count ?? null,
    },
  };
}

/** After the rAF loop stops, the frames it asked for drain before the quiet window starts. */
const QUIET_SETTLE_MS = 500;

/** A trace of `ms` between the page probe's window marks. */
async function traceWindow(browser: Browser, page: Page, categories: string[], ms: number): Promise<Buffer> {
  await browser.startTracing(page, { categories });
  try {
    await page.evaluate(() => window.__twPage?.reset());
    await sleep(ms);
    await page.evaluate(() => window.__twPage?.take());
  } catch (err) {
    await browser.stopTracing().catch(() => undefined);
    throw err;
  }
  return browser.stopTracing();
}

/** A lean trace of `ms` between the page probe's window marks, summarised (busy %, long tasks per thread). */
export async function tracedWindow(browser: Browser, page: Page, ms: number): Promise<TraceSummary | null> {
  return summariseTrace(traceEventsOf(await traceWindow(browser, page, MEASURE_CATEGORIES, ms)));
}

/** `fn` with the bench's rAF loop stopped (restarted afterwards), once the frames it asked for have drained. */
async function loopOff<T>(page: Page, fn: () => Promise<T>): Promise<T> {
  await page.evaluate(() => window.__twPage?.frames(false));
  try {
    await sleep(QUIET_SETTLE_MS);
    return await fn();
  } finally {
    await page.evaluate(() => window.__twPage?.frames(true));
  }
}

/** Main-thread and worker busy over `ms` with the bench's rAF loop stopped. */
export const quietWindow = (browser: Browser, page: Page, ms: number): Promise<TraceSummary | null> =>
  loopOff(page, () => tracedWindow(browser, page, ms));

async function taskDuration(cdp: CDPSession): Promise<number | null> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return metrics.find((x) => x.name === 'TaskDuration')?.value ?? null;
}

/** The cross-check: TaskDuration from CDP around `ms` with no trace and rAF loop off, independent of the trace. */
async function cdpFigures(cdp: CDPSession, page: Page, ms: number, m: RunMetrics): Promise<void> {
  await cdp.send('Performance.enable');
  try {
    await loopOff(page, async () => {
      await page.evaluate(() => window.__twBench?.reset());
      const before = await taskDuration(cdp);
      const t0 = Date.now();
      await sleep(ms);
      const after = await taskDuration(cdp);
      const elapsed = Date.now() - t0;
      const snap = await page.evaluate(() => window.__twBench?.take() ?? null);
      if (before === null || after === null || elapsed <= 0) return;
      m.cdpTaskMsPerSec = ((after - before) * 1000) / (elapsed / 1000);
      const rate = snap && snap.windowMs > 0 ? perSecond(snap.batches, snap.windowMs) : 0;
      m.cdpTaskMsPerUpdate = rate > 0 ? m.cdpTaskMsPerSec / rate : null;
    });
  } finally {
    await cdp.send('Performance.disable');
  }
}

/** The quiet window of a run, with the batches painted in it counted: per-update figures without the probe. */
async function quietFigures(browser: Browser, page: Page, ms: number, m: RunMetrics): Promise<void> {
  await page.evaluate(() => window.__twBench?.reset());
  const quiet = await quietWindow(browser, page, ms);
  const snap = await page.evaluate(() => window.__twBench?.take() ?? null);
  m.mainBusyQuiet = quiet?.main?.busy ?? null;
  m.workerBusyQuiet = quiet ? (quiet.worker?.busy ?? 0) : null;
  m.traceLongTasksQuiet = quiet?.main?.long.count ?? null;
  // The probe's window spans the settle time and the trace; the rate is over its own window.
  m.updatesPerSecQuiet = snap && snap.windowMs > 0 ? perSecond(snap.batches, snap.windowMs) : null;
  m.mainMsPerSec = m.mainBusyQuiet === null ? null : m.mainBusyQuiet * 1000;
  m.workerMsPerSec = quiet?.worker ? quiet.worker.cpuMs / (quiet.windowMs / 1000) : quiet ? 0 : null;
  m.rendererCpuMsPerSec = quiet ? quiet.rendererCpuMs / (quiet.windowMs / 1000) : null;
  m.mainMsPerUpdate = m.mainMsPerSec !== null && m.updatesPerSecQuiet ? m.mainMsPerSec / m.updatesPerSecQuiet : null;
}

export async function runOne(
  browser: Browser,
  baseUrl: string,
  session: BenchSession,
  spec: RunSpec,
): Promise<RunResult[]> {
  const results: RunResult[] = spec.phases.map((ph, i) => ({
    spec: {
      caseId: ph.caseId,
      screen: spec.screen,
      mode: spec.mode,
      pair: spec.pair,
      throttle: ph.throttle,
      warmupMs: ph.warmupMs,
      measureMs: ph.measureMs,
      phase: i,
    },
    ok: false,
    error: null,
    metrics: { ...EMPTY },
    frames: null,
    taps: 0,
    windowMs: 0,
    timings: { loadMs: 0, heapGcMs: 0, traceMs: 0 },
    profileTrace: null,
  }));
  const first = spec.phases[0];
  if (!first) return results;
  let tracing = false;
  let current = 0;
  let context: BrowserContext | null = null;
  try {
    // Inside the try: a browser that has gone fails this run (the caller relaunches it), not the whole section.
    const opened = await openPage(browser, spec.viewport, spec.mobile, 1);
    context = opened.context;
    const { page, cdp } = opened;
    await context.addInitScript(NAME_SHIM);
    await context.addInitScript(pageProbe, { start: MARK_START, end: MARK_END });
    await context.route(`**${FLOOR_PATH}*`, serveFloor);
    await seedBrowserState(page, baseUrl, session);
    await setChartIndicators(baseUrl, session, spec.indicators ?? 'default');
    await setThrottle(browser, cdp, first.throttle);
    const t0 = Date.now();
    await page.goto(appUrl(baseUrl, spec.screen, spec.mode));
    await waitLive(page, spec.screen, spec.mode);
    const loadMs = Date.now() - t0;
    let throttle = first.throttle;
    for (; current < spec.phases.length; current++) {
      const ph = spec.phases[current];
      const result = results[current];
      if (!ph || !result) break;
      result.timings.loadMs = current === 0 ? loadMs : 0;
      if (ph.throttle !== throttle) {
        await setThrottle(browser, cdp, ph.throttle);
        throttle = ph.throttle;
      }
      await sleep(ph.warmupMs);
      if (ph.measureMs <= 0) {
        result.ok = true;
        continue;
      }
      const tapAt = spec.mode === 'floor' ? FLOOR_TAP_TARGET : TAP_TARGET[spec.screen];
      const box = await page.locator(tapAt).first().boundingBox();
      if (!box) throw new Error(`no tap target ${tapAt} on ${spec.screen}`);
      const target = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

      let t = Date.now();
      const heapBefore = await heapUsed(cdp);
      result.timings.heapGcMs = Date.now() - t;
      await browser.startTracing(page, { categories: MEASURE_CATEGORIES });
      tracing = true;
      await page.evaluate(() => {
        window.__twBench?.reset();
        window.__twPage?.reset();
      });
      const until = Date.now() + ph.measureMs;
      result.taps = await tapLoop(page, spec.mobile, target, spec.tapEveryMs, until);
      await sleep(Math.max(0, until - Date.now()));
      const taken = await page.evaluate(() => ({
        pw: window.__twPage?.take() ?? null,
        probe: window.__twBench?.take() ?? null,
      }));
      t = Date.now();
      const buf = await browser.stopTracing();
      tracing = false;
      if (!taken.pw || !taken.probe) throw new Error('the page probe or the bench probe is missing');
      const events = traceEventsOf(buf);
      const trace = summariseTrace(events);
      result.timings.traceMs = Date.now() - t;
      t = Date.now();
      const heapAfter = await heapUsed(cdp);
      result.timings.heapGcMs += Date.now() - t;
      const { metrics, frames } = metricsOf(taken.pw, taken.probe, trace, result.taps, heapAfter - heapBefore);
      result.metrics = metrics;
      result.frames = frames;
      result.windowMs = taken.pw.endedAt - taken.pw.startedAt;
      result.samples = runSamples(taken.pw, taken.probe.feedToPaintMs, events);
      result.ok = true;

      const mx = result.metrics;
      mx.mainMsPerUpdateProbe =
        mx.mainBusy !== null && mx.batchesPerSec ? (mx.mainBusy * 1000) / mx.batchesPerSec : null;
      if (ph.quietMs > 0) {
        await quietFigures(browser, page, ph.quietMs, mx);
        await cdpFigures(cdp, page, ph.quietMs, mx);
      }

      if (ph.profileTracePath) {
        const profile = await traceWindow(browser, page, PROFILE_CATEGORIES, spec.profileMs);
        mkdirSync(dirname(ph.profileTracePath), { recursive: true });
        writeFileSync(ph.profileTracePath, gzipSync(profile, { level: 9 }));
        result.profileTrace = ph.profileTracePath;
        if (result.samples) result.samples.phases = phaseSplit(traceEventsOf(profile));
      }
    }
  } catch (err) {
    const msg = firstLine(err);
    for (const r of results.slice(current)) r.error = msg;
  } finally {
    if (tracing) await browser.stopTracing().catch(() => undefined);
    await context?.close().catch(() => undefined);
  }
  return results;
}
