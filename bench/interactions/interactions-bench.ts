// The `interactions` section: each step's INP, app against floor page (bench/interactions/README.md "Interactions").
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BENCH_TMP } from '../lib/client-build.ts';
import { DESKTOP, PHONE } from '../../tests/e2e/browser.ts';
import { simEnv, startBenchServer, type SectionOptions } from '../lib/app-server.ts';
import { deviceScale, launchPinned, openPage, setThrottle, type BenchPage } from '../render/browser.ts';
import { FLOOR_PATH } from '../render/floor-pages.ts';
import { BENCH_CODE, call, createBenchSession, seedBrowserState, type BenchSession } from '../render/session.ts';
import type { Instrument } from '../../domain/types.ts';
import { eventTimingProbe, stepFigures, stepSample, type StepFigures, type StepSample } from './event-timing.ts';
import { INTERACTIONS_FLOOR, interactionsFloorHtml } from './floor-interactions.ts';
import { phoneSteps, type Step } from './steps.ts';
import { runLighthouseFlow, type FlowRun } from './lighthouse-flow.ts';
import { deskSteps } from './desk-steps.ts';
import { DESK_FLOOR, deskFloorHtml } from './floor-desk.ts';
import { SYNTHETIC_CATEGORY_ID, syntheticCode } from '../lib/synthetic-catalogue.ts';
import { firstLine } from '../lib/json-child.ts';

export interface InteractionRow {
  id: string;
  app: StepFigures;
  floor: StepFigures;
  /** Both sides are at least the 16 ms threshold, so never a division by zero. */
  ratioP75: number | null;
  samples: { app: StepSample[]; floor: StepSample[] };
}

export interface DeviceRun {
  device: Pick<DeviceSetup, 'viewport' | 'throttle' | 'mobile'> & { instruments: number; hz: number };
  rounds: number;
  repeatsPerRound: number;
  browserCpus: string | null;
  errors: string[];
  code: string;
  rows: InteractionRow[];
  /** The phone's Lighthouse user flow over the same steps, calibrated CPU (lighthouse-flow.ts). */
  lighthouseFlow?: FlowRun | null;
}

/** The phone's run at the top level keeps the first results' shape. */
export interface InteractionsResult extends DeviceRun {
  desk?: DeviceRun | null;
}

export interface InteractionsOptions extends SectionOptions {
  distDir: string;
  browserCpus: string | null;
  serverCpus: string | null;
  /** null: both 'phone' and 'desk'. */
  only?: readonly string[] | null;
}

const HZ = 20;
const FLOOR_CODES = Array.from({ length: 13 }, (_, i) => syntheticCode(i + 1));

interface DeviceSetup {
  name: 'phone' | 'desk';
  viewport: { width: number; height: number };
  mobile: boolean;
  throttle: number;
  appPath: string;
  floorPage: string;
  floorHtml: string;
  /** Set before any page script. */
  storage: Record<string, string>;
  startCode: string;
  steps: Step[];
  /** Cross-check the steps with a Lighthouse user flow after the rounds. */
  flow: boolean;
}

/** Event Timing reports an entry only after the frame that presented its answer. */
const settle = (page: Page): Promise<void> =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));

/** `answerMs`: the time to the answer on screen, the chunks a lazy screen loads included, which INP does not see. */
async function measureStep(page: Page, step: Step): Promise<StepSample & { answerMs: number }> {
  await step.prepare?.(page);
  await settle(page);
  const since = await page.evaluate(() => performance.now());
  await step.act(page);
  await step.answer(page);
  const answerMs = (await page.evaluate(() => performance.now())) - since;
  await settle(page);
  const { events, longTasks, now } = await page.evaluate(() => ({
    events: window.__twInteractions?.events ?? [],
    longTasks: window.__twInteractions?.longTasks ?? [],
    now: performance.now(),
  }));
  const sample = stepSample(events, longTasks, since, now);
  await step.undo?.(page);
  return { ...sample, answerMs };
}

type DeviceOf = (session: BenchSession, code: string, list: readonly Instrument[]) => DeviceSetup;

/** The order engine refuses the synthetic instruments, so the path trades where the session's position was opened. */
async function deviceOn(
  url: string,
  device: DeviceOf,
): Promise<{ session: BenchSession; code: string; dev: DeviceSetup }> {
  const list = await call<Instrument[]>(url, '/v1/api/forex/trade_list');
  // The market list's first open row, as a trader taps it: the synthetic rows come last, past the phone's screen.
  const first = list.find((i) => i.MarketStatus === 1 && i.CategoryId !== SYNTHETIC_CATEGORY_ID);
  const session = await createBenchSession(url, first?.Code ?? BENCH_CODE);
  const code = session.order?.ForexTradeLists.Code ?? session.code;
  return { session, code, dev: device(session, code, list) };
}

/** A fresh page of the device, signed in, throttled, on `path` once the app or the floor says it is ready. */
async function openDevice(
  browser: Browser,
  url: string,
  session: BenchSession,
  dev: DeviceSetup,
  path: string,
  timeoutMs: number,
): Promise<BenchPage> {
  const opened = await openPage(browser, dev.viewport, dev.mobile, 1);
  const { context, page, cdp } = opened;
  try {
    await context.addInitScript(eventTimingProbe);
    await context.addInitScript((kv: Record<string, string>) => {
      for (const [k, v] of Object.entries(kv)) localStorage.setItem(k, v);
    }, dev.storage);
    await context.route(`**${FLOOR_PATH}*`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: dev.floorHtml }),
    );
    await seedBrowserState(page, url, { ...session, code: dev.startCode });
    await setThrottle(browser, cdp, dev.throttle);
    await page.goto(`${url}${path}`, { timeout: timeoutMs });
    const ready = (): boolean => document.documentElement.dataset['ready'] === 'true';
    await page.waitForFunction(ready, undefined, { timeout: timeoutMs });
    return opened;
  } catch (err) {
    await context.close().catch(() => undefined);
    throw err;
  }
}

async function runDevice(opts: InteractionsOptions, setup: DeviceOf, instruments: number): Promise<DeviceRun> {
  const rounds = opts.quick ? 1 : 2;
  const repeats = opts.quick ? 3 : 5;
  opts.log(`starting the server with SIM_INSTRUMENTS=${instruments} SIM_HZ=${HZ} …`);
  const server = await startBenchServer({
    env: simEnv(instruments, HZ),
    distDir: opts.distDir,
    cpus: opts.serverCpus,
    weekday: true,
  });
  opts.onCleanup(() => server.stop());
  const { session, code, dev } = await deviceOn(server.url, setup);
  const pinned = await launchPinned(opts.browserCpus, { scale: deviceScale(dev.mobile) });
  opts.onCleanup(() => pinned.close());
  if (session.note) opts.log(`  note: ${session.note}`);
  opts.log(`  the ${dev.name}'s path runs on ${code}`);
  const samples = new Map(dev.steps.map((s) => [s.id, { app: [] as StepSample[], floor: [] as StepSample[] }]));
  const errors: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const side of ['app', 'floor'] as const) {
      opts.log(`  ${dev.name} interactions round ${round}/${rounds}: ${side} …`);
      const path = side === 'app' ? dev.appPath : `${FLOOR_PATH}${dev.floorPage}`;
      let context: BrowserContext | null = null;
      try {
        const opened = await openDevice(pinned.browser, server.url, session, dev, path, 60_000);
        context = opened.context;
        const { page } = opened;
        for (let i = 0; i < repeats; i++) {
          for (const step of dev.steps) {
            try {
              samples.get(step.id)?.[side].push(await measureStep(page, step));
            } catch (err) {
              const shot = join(BENCH_TMP, `interactions-${side}-${step.id}.png`);
              await page.screenshot({ path: shot }).catch(() => undefined);
              errors.push(`${side} round ${round} ${step.id}: ${firstLine(err)}`);
              opts.log(`  ${side} ${step.id} failed (${shot}): ${firstLine(err)}`);
              // An overlay the failed step left open must not fail the steps after it.
              await page.keyboard.press('Escape').catch(() => undefined);
              await page.keyboard.press('Escape').catch(() => undefined);
            }
          }
        }
      } catch (err) {
        errors.push(`${side} round ${round}: ${firstLine(err)}`);
        opts.log(`  ${side} round ${round} failed: ${(err as Error).message}`);
      } finally {
        await context?.close().catch(() => undefined);
      }
    }
  }
  await pinned.close();
  let lighthouseFlow: FlowRun | null = null;
  if (dev.flow) {
    opts.log(`  ${dev.name}: the Lighthouse user flow over the same steps …`);
    lighthouseFlow = await runLighthouseFlow({
      url: server.url,
      session,
      startCode: dev.startCode,
      steps: dev.steps,
      cpus: opts.browserCpus,
      log: opts.log,
    });
    if (lighthouseFlow.error) errors.push(`Lighthouse flow: ${lighthouseFlow.error}`);
  }
  await server.stop();
  const rows = dev.steps.map((s): InteractionRow => {
    const got = samples.get(s.id) ?? { app: [], floor: [] };
    const app = stepFigures(got.app);
    const floor = stepFigures(got.floor);
    const ratioP75 = app.inpP75 !== null && floor.inpP75 !== null ? app.inpP75 / floor.inpP75 : null;
    return { id: s.id, app, floor, ratioP75, samples: got };
  });
  return {
    device: { viewport: dev.viewport, throttle: dev.throttle, instruments, hz: HZ, mobile: dev.mobile },
    rounds,
    repeatsPerRound: repeats,
    browserCpus: opts.browserCpus,
    errors,
    code,
    rows,
    lighthouseFlow,
  };
}

const phone = (session: BenchSession, code: string, _list: readonly Instrument[]): DeviceSetup => ({
  name: 'phone',
  viewport: PHONE,
  mobile: true,
  throttle: 4,
  appPath: '/?bench=1#/',
  floorPage: INTERACTIONS_FLOOR,
  floorHtml: interactionsFloorHtml([code, ...FLOOR_CODES.slice(1)]),
  storage: {},
  startCode: session.code,
  steps: phoneSteps(code),
  flow: true,
});

const desk = (_session: BenchSession, code: string, list: readonly Instrument[]): DeviceSetup => {
  const inst = list.find((i) => i.Code === code);
  const trading = String(inst?.CategoryId ?? SYNTHETIC_CATEGORY_ID);
  const tradingCodes = list.filter((i) => String(i.CategoryId) === trading).map((i) => i.Code);
  const synthetic = String(SYNTHETIC_CATEGORY_ID);
  const syn = list.filter((i) => i.CategoryId === SYNTHETIC_CATEGORY_ID).map((i) => i.Code);
  return {
    name: 'desk',
    viewport: DESKTOP,
    mobile: false,
    throttle: 1,
    appPath: `/?bench=1#/trade?code=${code}`,
    floorPage: DESK_FLOOR,
    floorHtml: deskFloorHtml({
      code,
      categories: [
        { id: trading, codes: tradingCodes },
        { id: synthetic, codes: syn },
      ],
    }),
    storage: { 'tw:one-click': 'on', 'tw:desk-grid': JSON.stringify({ on: true, cells: [] }) },
    startCode: code,
    steps: deskSteps(code, { trading, synthetic }),
    flow: false,
  };
};

export async function interactionsBench(opts: InteractionsOptions): Promise<InteractionsResult> {
  const want = (d: string): boolean => !opts.only || opts.only.includes(d);
  const phoneRun = want('phone') ? await runDevice(opts, phone, 300) : null;
  const deskRun = want('desk') ? await runDevice(opts, desk, 5000) : null;
  if (!phoneRun && !deskRun) throw new Error(`--cases=${opts.only?.join(',') ?? ''}: the interactions are phone, desk`);
  // Only the desk ran: a phone run of no rows, so no figures and no targets.
  const device = { viewport: PHONE, throttle: 4, instruments: 300, hz: HZ, mobile: true };
  const none = { device, rounds: 0, repeatsPerRound: 0, browserCpus: opts.browserCpus, errors: [], code: '', rows: [] };
  return { ...(phoneRun ?? none), desk: deskRun };
}
