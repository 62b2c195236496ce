// Times a busy loop on main and worker at each throttle: shows CDP slows the main thread only and the core is shared.
import type { Browser } from 'playwright-core';
import { PHONE } from '../../tests/e2e/browser.ts';
import { openPage } from './browser.ts';
import { NAME_SHIM } from './page-probe.ts';

export interface CalibrationRow {
  throttle: number;
  mainMs: number;
  workerMs: number;
  /** On one core both take turns. */
  mainWhileWorkerMs: number;
}

/** Integer work the JIT cannot drop (the result is returned). */
const LOOP_SOURCE = `function spin(n) { let x = 0; for (let i = 0; i < n; i++) x = (x * 31 + i) % 1000003; return x; }`;
const WORKER_SOURCE = `${LOOP_SOURCE}
onmessage = (e) => { const t = performance.now(); const x = spin(e.data); postMessage({ ms: performance.now() - t, x }); };`;

/** About 50 ms on one unthrottled core of the reference machine. */
export const CALIBRATION_ITERATIONS = 5_000_000;

export async function calibrate(browser: Browser, throttles: readonly number[]): Promise<CalibrationRow[]> {
  const rows: CalibrationRow[] = [];
  for (const throttle of throttles) {
    const { context, page } = await openPage(browser, PHONE, true, throttle);
    try {
      await page.setContent('<!doctype html><title>calibration</title>');
      await page.evaluate(NAME_SHIM); // setContent runs no init scripts
      const r = await page.evaluate(
        async ({ loop, workerSource, n }) => {
          // oxlint-disable-next-line typescript/no-implied-eval, typescript/no-unsafe-call -- the spin loop's source is shipped into the page as text
          const spin = new Function(`${loop}; return spin;`)() as (n: number) => number;
          const worker = new Worker(URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' })));
          const inWorker = (count: number): Promise<number> =>
            new Promise((resolve) => {
              worker.onmessage = (e: MessageEvent<{ ms: number }>) => resolve(e.data.ms);
              worker.postMessage(count);
            });
          const onMain = (): number => {
            const t = performance.now();
            spin(n);
            return performance.now() - t;
          };
          await inWorker(n / 10); // warm both JITs
          onMain();
          const mainMs = Math.min(onMain(), onMain());
          const workerMs = Math.min(await inWorker(n), await inWorker(n));
          // The worker spins long enough to cover the main loop.
          const background = inWorker(n * 20);
          await new Promise((r) => setTimeout(r, 20));
          const mainWhileWorkerMs = onMain();
          await background;
          worker.terminate();
          return { mainMs, workerMs, mainWhileWorkerMs };
        },
        { loop: LOOP_SOURCE, workerSource: WORKER_SOURCE, n: CALIBRATION_ITERATIONS },
      );
      rows.push({ throttle, ...r });
    } finally {
      await context.close();
    }
  }
  return rows;
}
