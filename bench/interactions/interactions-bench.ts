// The `interactions` section: the trading path on the simulated weak phone (one core, 4× CDP throttle, 360×740,
// 300 instruments at 20 updates/s), the app and its floor page alternating round by round in fresh contexts, each
// step's INP from the Event Timing API (event-timing.ts). Method and figures: bench/interactions/README.md "Interactions".
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { BENCH_TMP } from '../lib/client-build.ts';
import { startBenchServer } from '../lib/app-server.ts';
import { launchPinned, openPage, setThrottle } from '../render/browser.ts';
import { FLOOR_PATH } from '../render/floor-pages.ts';
import { BENCH_CODE, createBenchSession, seedBrowserState } from '../render/session.ts';
import { eventTimingProbe, stepFigures, stepSample, type StepFigures, type StepSample } from './event-timing.ts';
import { INTERACTIONS_FLOOR, interactionsFloorHtml } from './floor-interactions.ts';
import { phoneSteps, type Step } from './steps.ts';

export type Side = 'app' | 'floor';

export interface InteractionRow {
  id: string;
  app: StepFigures;
  floor: StepFigures;
  /** app INP p75 ÷ floor INP p75 (both at least the 16 ms threshold, so never a division by zero). */
  ratioP75: number | null;
  samples: { app: StepSample[]; floor: StepSample[] };
}

export interface InteractionsResult {
  device: { viewport: { width: number; height: number }; throttle: number; instruments: number; hz: number };
  rounds: number;
  repeatsPerRound: number;
  browserCpus: string | null;
  errors: string[];
  /** The instrument the path trades (the session's, see above). */
  code: string;
  rows: InteractionRow[];
}

export interface InteractionsOptions {
  quick: boolean;
  distDir: string;
  browserCpus: string | null;
  serverCpus: string | null;
  log: (line: string) => void;
  onCleanup: (fn: () => Promise<void>) => void;
}

const PHONE = { width: 360, height: 740 };
const THROTTLE = 4;
const INSTRUMENTS = 300;
const HZ = 20;
const FLOOR_CODES = Array.from({ length: 13 }, (_, i) => `SYN${String(i + 1).padStart(4, '0')}`);

/** Two frames and a moment: Event Timing reports an entry only after the frame that presented its answer. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => r(), 50)))),
  );
}

async function measureStep(page: Page, step: Step): Promise<StepSample> {
  await step.prepare?.(page);
  await settle(page);
  const since = await page.evaluate(() => performance.now());
  await step.act(page);
  await step.answer(page);
  await settle(page);
  const { events, longTasks, now } = await page.evaluate(() => ({
    events: window.__twInteractions?.events ?? [],
    longTasks: window.__twInteractions?.longTasks ?? [],
    now: performance.now(),
  }));
  const sample = stepSample(events, longTasks, since, now);
  await step.undo?.(page);
  return sample;
}

export async function interactionsBench(opts: InteractionsOptions): Promise<InteractionsResult> {
  const rounds = opts.quick ? 1 : 2;
  const repeats = opts.quick ? 3 : 5;
  opts.log(`starting the server with SIM_INSTRUMENTS=${INSTRUMENTS} SIM_HZ=${HZ} …`);
  const server = await startBenchServer({
    env: { SIM_INSTRUMENTS: String(INSTRUMENTS), SIM_HZ: String(HZ), SIM_SEED: '20240601' },
    distDir: opts.distDir,
    cpus: opts.serverCpus,
  });
  opts.onCleanup(() => server.stop());
  const pinned = await launchPinned(opts.browserCpus);
  opts.onCleanup(() => pinned.close());
  const session = await createBenchSession(server.url);
  // The synthetic instruments tick but the order engine refuses them: the path trades where the session's position
  // was opened (a catalogue instrument open now), so Buy and confirm reach the holding list.
  const code = session.order?.ForexTradeLists.Code ?? BENCH_CODE;
  if (session.note) opts.log(`  note: ${session.note}`);
  opts.log(`  the trading path runs on ${code}`);
  const steps = phoneSteps(code);
  const samples = new Map<string, { app: StepSample[]; floor: StepSample[] }>(
    steps.map((s) => [s.id, { app: [], floor: [] }]),
  );
  const errors: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const side of ['app', 'floor'] as const) {
      opts.log(`  interactions round ${round}/${rounds}: ${side} …`);
      const { context, page, cdp } = await openPage(pinned.browser, PHONE, true, 1);
      try {
        await context.addInitScript(eventTimingProbe);
        await context.route(`**${FLOOR_PATH}*`, (route) =>
          route.fulfill({
            status: 200,
            contentType: 'text/html',
            body: interactionsFloorHtml([code, ...FLOOR_CODES.slice(1)]),
          }),
        );
        await seedBrowserState(page, server.url, session);
        await setThrottle(pinned.browser, cdp, THROTTLE);
        if (side === 'app') {
          await page.goto(`${server.url}/?bench=1#/`);
          await page.waitForFunction(() => document.documentElement.dataset['ready'] === 'true', undefined, {
            timeout: 60_000,
          });
        } else {
          await page.goto(`${server.url}${FLOOR_PATH}${INTERACTIONS_FLOOR}`);
          await page.waitForFunction(() => document.documentElement.dataset['ready'] === 'true');
        }
        for (let i = 0; i < repeats; i++) {
          for (const step of steps) {
            try {
              samples.get(step.id)?.[side].push(await measureStep(page, step));
            } catch (err) {
              const shot = join(BENCH_TMP, `interactions-${side}-${step.id}.png`);
              await page.screenshot({ path: shot }).catch(() => undefined);
              errors.push(`${side} round ${round} ${step.id}: ${(err as Error).message.split('\n')[0] ?? ''}`);
              opts.log(`  ${side} ${step.id} failed (${shot}): ${(err as Error).message.split('\n')[0] ?? ''}`);
              // Whatever overlay the failed step left open must not fail the steps after it.
              await page.keyboard.press('Escape').catch(() => undefined);
              await page.keyboard.press('Escape').catch(() => undefined);
            }
          }
        }
      } catch (err) {
        errors.push(`${side} round ${round}: ${(err as Error).message.split('\n')[0] ?? ''}`);
        opts.log(`  ${side} round ${round} failed: ${(err as Error).message}`);
      } finally {
        await context.close().catch(() => undefined);
      }
    }
  }
  await pinned.close();
  await server.stop();
  const rows = steps.map((s): InteractionRow => {
    const got = samples.get(s.id) ?? { app: [], floor: [] };
    const app = stepFigures(got.app);
    const floor = stepFigures(got.floor);
    const ratioP75 = app.inpP75 !== null && floor.inpP75 !== null ? app.inpP75 / floor.inpP75 : null;
    return { id: s.id, app, floor, ratioP75, samples: got };
  });
  return {
    device: { viewport: PHONE, throttle: THROTTLE, instruments: INSTRUMENTS, hz: HZ },
    rounds,
    repeatsPerRound: repeats,
    browserCpus: opts.browserCpus,
    errors,
    code,
    rows,
  };
}
