// Section 1 of the bench: the render A/B, worker and main runs alternating per case in one pinned Chromium.
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { simEnv, startBenchServer, type BenchServer, type SectionOptions } from '../lib/app-server.ts';
import { calibrate, CALIBRATION_ITERATIONS, type CalibrationRow } from './calibrate.ts';
import { deviceScale, launchPinned, openPage, setThrottle, type PinnedBrowser } from './browser.ts';
import { caseLabels, renderCases, type FeedModeName, type Profile, type RenderCase, type ScreenName } from './cases.ts';
import { quietWindow, runOne, tracedWindow, type PhaseSpec, type RunResult, type RunSpec } from './run-one.ts';
import { NAME_SHIM, pageProbe } from './page-probe.ts';
import { MARK_END, MARK_START } from './trace.ts';
import { createBenchSession } from './session.ts';
import { summariseRuns, type ScreenSummary } from './aggregate.ts';
import { firstLine } from '../lib/json-child.ts';
import { num } from '../lib/table.ts';

export interface RenderOptions extends Omit<SectionOptions, 'quick'> {
  profile: Profile;
  distDir: string;
  browserCpus: string | null;
  serverCpus: string | null;
  /** null: every case of the profile. */
  only: string[] | null;
  /** The modes to alternate (default each case's own): `--render-quick` keeps the worker and the floor page. */
  modes?: readonly FeedModeName[] | undefined;
  traceDir: string;
  stamp: string;
  progress?(label: string): void;
}

export interface RenderCaseResult {
  case: RenderCase;
  sessionNote: string | null;
  serverCpuSeconds: number | null;
  /** The rAF probe's own cost on a static page under the same throttle. */
  probeFloor: Awaited<ReturnType<typeof probeFloor>> | null;
  runs: RunResult[];
}

// The rAF probe's own cost on a static page, printed beside each case so busy figures can be read against it.
const STATIC_PAGE =
  'data:text/html;charset=utf-8,' +
  encodeURIComponent(
    '<!doctype html><meta name="viewport" content="width=device-width"><title>floor</title><h1>Tickwise</h1><p>Static page: the bench probe alone.</p>',
  );

/** Under the case's throttle, over a window of its quiet window's length. */
async function probeFloor(browser: Browser, c: Pick<RenderCase, 'viewport' | 'mobile' | 'throttle' | 'quietMs'>) {
  const { throttle, quietMs: windowMs } = c;
  const { context, page, cdp } = await openPage(browser, c.viewport, c.mobile, 1);
  try {
    await context.addInitScript(NAME_SHIM);
    await context.addInitScript(pageProbe, { start: MARK_START, end: MARK_END });
    await page.goto(STATIC_PAGE);
    await page.waitForFunction(() => window.__twPage !== undefined);
    await setThrottle(browser, cdp, throttle);
    await sleep(1000);
    const withLoop = await tracedWindow(browser, page, windowMs);
    const quiet = await quietWindow(browser, page, windowMs);
    // Main-thread busy 0…1 with the rAF loop running, and without it: what is left is the browser's own timers.
    return { throttle, windowMs, mainBusy: withLoop?.main?.busy ?? null, mainBusyQuiet: quiet?.main?.busy ?? null };
  } finally {
    await context.close().catch(() => undefined);
  }
}

export type RenderResult = Awaited<ReturnType<typeof renderBench>>;

function runLine(r: RunResult): string {
  const s = r.spec;
  const head = `${s.caseId} ${s.screen} ${s.mode.padEnd(6)} #${s.pair + 1}`;
  const t = r.timings;
  if (!r.ok) return `${head}: FAILED ${r.error ?? ''}`;
  const x = r.metrics;
  return (
    `${head}: long tasks ${num(x.longTasks, 0)} (TBT ${num(x.tbtMs, 0)} ms), rAF p95/p99 ${num(x.rafP95)}/${num(x.rafP99)} ms, ` +
    `busy ${num(x.mainBusy, 0, 100)} % (rAF probe off ${num(x.mainBusyQuiet, 0, 100)} %: ${num(x.mainMsPerSec, 0)} ms/s at ${num(x.updatesPerSecQuiet)} updates/s = ${num(x.mainMsPerUpdate, 2)} ms/update; CDP TaskDuration ${num(x.cdpTaskMsPerSec, 0)} ms/s = ${num(x.cdpTaskMsPerUpdate, 2)} ms/update; renderer ${num(x.rendererCpuMsPerSec, 0)} ms/s), tap p98 ${num(x.tapP98, 0)} ms, tick→paint p95 ${num(x.tickToPaintP95, 0)} ms, ` +
    `${num(x.msgsPerSec)} msg/s (load ${(t.loadMs / 1000).toFixed(1)} s, GC ${(t.heapGcMs / 1000).toFixed(1)} s, trace ${(t.traceMs / 1000).toFixed(1)} s)`
  );
}

function specOf(c: RenderCase, screen: ScreenName, mode: FeedModeName, pair: number, trace: string | null): RunSpec {
  const windows = [c, ...c.followUps.filter((f) => f.screens.includes(screen))];
  const phases = windows.map((w): PhaseSpec => ({
    caseId: w.id,
    throttle: w.throttle,
    warmupMs: w.warmupMs ?? c.warmupMs,
    measureMs: w.measureMs ?? c.measureMs,
    profileTracePath: w === c ? trace : null,
    quietMs: w.quietMs ?? c.quietMs,
  }));
  return {
    screen,
    ...(c.indicators ? { indicators: c.indicators } : {}),
    mode,
    pair,
    viewport: c.viewport,
    mobile: c.mobile,
    tapEveryMs: 2000,
    profileMs: c.measureMs >= 20_000 ? 5000 : 3000,
    phases,
  };
}

export async function renderBench(opts: RenderOptions) {
  const cases = renderCases(opts.profile)
    .filter((c) => !opts.only || opts.only.includes(c.id))
    .map((c) => (opts.modes ? { ...c, modes: c.modes.filter((m) => opts.modes?.includes(m)) } : c));
  // A browser of the phone's scale for the phone cases (scaleFlag in browser.ts), one of 1 for the desktop's.
  const pinned = await launchPinned(opts.browserCpus, { scale: deviceScale(true) });
  opts.onCleanup(() => pinned.close());
  let multi: PinnedBrowser | null = null;
  let desk: Promise<PinnedBrowser> | null = null;
  const deskBrowser = (): Promise<PinnedBrowser> =>
    (desk ??= launchPinned(opts.browserCpus, { scale: deviceScale(false) }).then((d) => {
      opts.onCleanup(() => d.close());
      return d;
    }));
  const result = {
    chromium: pinned.version,
    browserCpus: opts.browserCpus,
    serverCpus: opts.serverCpus,
    affinities: {} as Record<string, string>,
    calibration: [] as CalibrationRow[],
    /** The same loop on the multi-core browser (both cores): the worker slowed too where the throttle is per thread. */
    calibrationMultiCore: [] as CalibrationRow[],
    multiCoreCpus: null as string | null,
    /** What the multi-core cases' throttle slows: every renderer thread (cgroups), or the main thread only (CDP). */
    multiCoreThrottle: null as PinnedBrowser['throttles'] | null,
    calibrationIterations: CALIBRATION_ITERATIONS,
    cases: [] as RenderCaseResult[],
    labels: caseLabels(cases),
    summaries: [] as ScreenSummary[],
    profileTraces: [] as string[],
    relaunches: [] as { at: string; during: string; caseId: string }[],
  };
  try {
    const throttles = [
      ...new Set([1, ...cases.flatMap((c) => [c.throttle, ...c.followUps.map((f) => f.throttle)])]),
    ].sort((a, b) => a - b);
    opts.progress?.('calibration');
    opts.log(
      `calibrating (busy loop of ${CALIBRATION_ITERATIONS.toLocaleString('en')} iterations) at ${throttles.join('×, ')}× …`,
    );
    const logRows = (rows: CalibrationRow[], prefix: string): void => {
      for (const r of rows)
        opts.log(
          `  ${prefix}${r.throttle}×: main thread ${r.mainMs.toFixed(0)} ms, worker ${r.workerMs.toFixed(0)} ms, main while the worker spins ${r.mainWhileWorkerMs.toFixed(0)} ms`,
        );
    };
    result.calibration = await calibrate(pinned.browser, throttles);
    logRows(result.calibration, '');
    result.affinities = pinned.affinities();
    if (cases.some((c) => c.multiCore)) {
      // The one-core browser's CPU plus the server's.
      const cpus = opts.browserCpus
        ? [...new Set([opts.browserCpus, opts.serverCpus].filter((x): x is string => !!x))].join(',')
        : null;
      const m = await launchPinned(cpus, { perThread: true, scale: deviceScale(true) });
      multi = m;
      opts.onCleanup(() => m.close());
      result.multiCoreCpus = cpus;
      result.multiCoreThrottle = m.throttles;
      opts.log(
        m.throttles === 'main thread'
          ? 'multi-core phone: CDP throttles the main thread only; the worker runs unthrottled (no writable cgroup cpu controller: see bench/README.md)'
          : 'multi-core phone: CDP throttles the main thread, a CFS quota per thread the worker and the other renderer threads',
      );
      const rates = [...new Set([1, ...cases.filter((c) => c.multiCore).map((c) => c.throttle)])];
      result.calibrationMultiCore = await calibrate(m.browser, rates);
      logRows(result.calibrationMultiCore, `multi-core (CPU ${cpus ?? 'any'}) `);
      for (const [k, v] of Object.entries(m.affinities())) result.affinities[`multi ${k}`] = v;
    }

    let server: BenchServer | null = null;
    let serverKey = '';
    try {
      for (const c of cases) {
        const key = `${c.instruments}x${c.hz}`;
        if (!server || key !== serverKey) {
          await server?.stop();
          opts.log(`starting the server with SIM_INSTRUMENTS=${c.instruments} SIM_HZ=${c.hz} …`);
          const env = simEnv(c.instruments, c.hz);
          const started = await startBenchServer({ env, distDir: opts.distDir, cpus: opts.serverCpus });
          server = started;
          serverKey = key;
          opts.onCleanup(() => started.stop());
        }
        const srv: BenchServer = server;
        const holder = c.multiCore && multi ? multi : c.mobile ? pinned : await deskBrowser();
        /** A crash must cost a run, not the section. */
        const live = async (step: string, progress = step): Promise<Browser> => {
          opts.progress?.(progress);
          const went = await holder.relaunchIfGone();
          if (went) {
            opts.log(`  the browser had gone (disconnected at ${went.at}, during ${went.during}): relaunched`);
            result.relaunches.push({ ...went, caseId: c.id });
          }
          holder.setStep(step);
          return holder.browser;
        };
        const session = await createBenchSession(srv.url);
        if (session.note) opts.log(`  note: ${session.note}`);
        const cpuBefore = srv.usage()?.cpuSeconds ?? null;
        const caseResult: RenderCaseResult = {
          case: c,
          sessionNote: session.note,
          serverCpuSeconds: null,
          probeFloor: null,
          runs: [],
        };
        if (c.quietMs > 0) {
          caseResult.probeFloor = await probeFloor(await live(`${c.id} probe floor`), c).catch((err: unknown) => {
            opts.log(`  probe floor failed: ${firstLine(err)}`);
            return null;
          });
          const f = caseResult.probeFloor;
          if (f)
            opts.log(
              `  probe floor (static page, ${c.throttle}×): main thread busy ${num(f.mainBusy, 1, 100)} % with the rAF loop, ${num(f.mainBusyQuiet, 1, 100)} % without`,
            );
        }
        opts.log(
          `${c.label}: ${c.pairs} pair(s) × ${c.screens.join(' + ')}, warm-up ${c.warmupMs / 1000} s, window ${c.measureMs / 1000} s`,
        );
        // The first context of a case pays for cold caches, which would count against whichever mode ran first.
        const [primer] = await runOne(await live(`${c.id} primer load`), srv.url, session, {
          ...specOf(c, c.screens[0] ?? 'market', 'worker', -1, null),
          phases: [
            { caseId: c.id, throttle: c.throttle, warmupMs: 1000, measureMs: 0, profileTracePath: null, quietMs: 0 },
          ],
        });
        if (primer && !primer.ok) opts.log(`  primer run failed: ${primer.error ?? ''}`);
        for (let pair = 0; pair < c.pairs; pair++)
          for (const screen of c.screens)
            for (const mode of c.modes) {
              const wantTrace =
                pair === 0 && c === cases[0] && mode !== 'floor' && (opts.profile === 'full' || mode === 'worker');
              const trace = wantTrace
                ? join(opts.traceDir, `${opts.stamp}-${c.id}-${screen}-${mode}.trace.json.gz`)
                : null;
              const step = `${c.id} ${screen} ${mode} #${pair + 1}`;
              const t0 = Date.now();
              const browser = await live(step, `${step} of ${c.pairs}`);
              const rs = await runOne(browser, srv.url, session, specOf(c, screen, mode, pair, trace));
              const took = `[${((Date.now() - t0) / 1000).toFixed(0)} s]`;
              for (const r of rs) {
                if (r.profileTrace) result.profileTraces.push(r.profileTrace);
                caseResult.runs.push(r);
                opts.log(`  ${runLine(r)} ${took}`);
              }
            }
        const cpuAfter = srv.usage()?.cpuSeconds ?? null;
        caseResult.serverCpuSeconds = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
        result.cases.push(caseResult);
      }
    } finally {
      await server?.stop();
    }
  } finally {
    await pinned.close();
    await multi?.close();
  }
  result.summaries = summariseRuns(result.cases.flatMap((c) => c.runs));
  return result;
}
