// Per painted update, where the main thread's time goes on each screen and mode, from a quiet window's trace.
import { setTimeout as sleep } from 'node:timers/promises';
import { simEnv, startBenchServer } from './lib/app-server.ts';
import { ensureBuilds } from './lib/client-build.ts';
import { log, mdRow, saveTrace, writeStamped } from './lib/tool.ts';
import { DESKTOP, PHONE } from '../tests/e2e/browser.ts';
import { deviceScale, launchPinned, openPage } from './render/browser.ts';
import { NAME_SHIM, pageProbe } from './render/page-probe.ts';
import { FLOOR_PATH, serveFloor } from './render/floor-pages.ts';
import type { FeedModeName, ScreenName } from './render/cases.ts';
import { appUrl, PROFILE_CATEGORIES, waitLive } from './render/run-one.ts';
import { createBenchSession, seedBrowserState } from './render/session.ts';
import { MARK_END, MARK_START, traceEventsOf } from './render/trace.ts';
import { updateSplit, type UpdateSplit } from './render/update-split.ts';
import { PHASES } from './report/phases.ts';

// --desk: the desktop case's desk (1280×800, 5,000 instruments, 1×) instead of the phone's list and /trade.
const desk = process.argv.includes('--desk');
const throttles = desk ? [1] : [6, 1];
const screens: ScreenName[] = desk ? ['desk'] : ['market', 'trade'];
const modes: FeedModeName[] = ['worker', 'floor'];
const windowMs = 5000;

const { probe } = ensureBuilds(log);
const server = await startBenchServer({
  env: simEnv(desk ? 5000 : 300),
  distDir: probe,
  cpus: '1',
});
const pinned = await launchPinned('0', { scale: deviceScale(!desk) });
const out: { screen: ScreenName; mode: FeedModeName; throttle: number; split: UpdateSplit | null }[] = [];
try {
  const session = await createBenchSession(server.url);
  for (const screen of screens) {
    for (const mode of modes) {
      const { context, page, cdp } = await openPage(pinned.browser, desk ? DESKTOP : PHONE, !desk, 1);
      try {
        await context.addInitScript(NAME_SHIM);
        await context.addInitScript(pageProbe, { start: MARK_START, end: MARK_END });
        await context.route(`**${FLOOR_PATH}*`, serveFloor);
        await seedBrowserState(page, server.url, session);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttles[0] ?? 6 });
        await page.goto(appUrl(server.url, screen, mode));
        await waitLive(page, screen, mode);
        for (const throttle of throttles) {
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
          await sleep(3000);
          await page.evaluate(() => window.__twPage?.frames(false));
          await sleep(500);
          await pinned.browser.startTracing(page, { categories: PROFILE_CATEGORIES });
          await page.evaluate(() => {
            window.__twBench?.reset();
            window.__twPage?.reset();
          });
          await sleep(windowMs);
          const snap = await page.evaluate(() => {
            window.__twPage?.take();
            return window.__twBench?.take() ?? null;
          });
          const buf = await pinned.browser.stopTracing();
          await page.evaluate(() => window.__twPage?.frames(true));
          saveTrace(`split-${screen}-${mode}-${throttle}x`, buf);
          const split = updateSplit(traceEventsOf(buf), snap?.batches ?? 0);
          out.push({ screen, mode, throttle, split });
          log(
            `${screen} ${mode} ${throttle}×: ${snap?.batches ?? 0} updates, ${split ? split.mainCpuMs.toFixed(2) : 'n/a'} ms main CPU/update`,
          );
        }
      } finally {
        await context.close().catch(() => undefined);
      }
    }
  }
} finally {
  await pinned.close();
  await server.stop();
}

const f = (v: number | undefined, d = 2): string => (v === undefined ? '—' : v.toFixed(d));
for (const screen of screens) {
  for (const throttle of throttles) {
    const rows = out.filter((r) => r.screen === screen && r.throttle === throttle && r.split);
    if (!rows.length) continue;
    console.log(`\n## ${screen}, ${throttle}× one core, per painted update (quiet window, ${windowMs / 1000} s)\n`);
    console.log(mdRow(['', ...rows.map((r) => r.mode)], true));
    const line = (label: string, get: (s: UpdateSplit) => number, d = 2): void =>
      console.log(mdRow([label, ...rows.map((r) => f(r.split ? get(r.split) : undefined, d))]));
    line('updates in window', (s) => s.updates, 0);
    line('main CPU ms', (s) => s.mainCpuMs);
    for (const p of PHASES) line(`  ${p} ms`, (s) => s.phaseMs[p]);
    line('worker CPU ms', (s) => s.workerCpuMs);
    line('renderer CPU ms (all threads)', (s) => s.rendererCpuMs);
    line('main tasks', (s) => s.counts.tasks, 1);
    line('style recalcs', (s) => s.counts.styleRecalcs, 1);
    line('elements restyled', (s) => s.counts.styleElements, 1);
    line('layouts', (s) => s.counts.layouts, 1);
    line('objects laid out', (s) => s.counts.layoutObjects, 1);
    line('paints', (s) => s.counts.paints, 1);
    line('GCs', (s) => s.counts.gcs, 2);
    for (const r of rows) {
      for (const t of r.split?.longTasks ?? []) {
        console.log(
          `\n${r.mode} ${throttle}×, long task at ${(t.at / 1000).toFixed(1)} s: ${t.wallMs.toFixed(0)} ms wall, ${t.cpuMs.toFixed(0)} ms CPU: ` +
            t.inside.map((x) => `${x.name} ${x.ms.toFixed(1)}`).join('; '),
        );
      }
      console.log(
        `\n${r.mode} ${throttle}×, main-thread self time by function (ms/update): ` +
          (r.split?.selfByFunction
            .slice(0, 12)
            .map((x) => `${x.fn} ${x.ms.toFixed(2)}`)
            .join('; ') ?? ''),
      );
    }
  }
}
writeStamped('split', out);
