// The rAF probe's own cost: a static page (no app, no feed, nothing changes) with the same page probe, on the same
// pinned and throttled browser, measured like a run: main-thread busy with the rAF loop running, then with it
// stopped. Printed beside each case so "main thread busy" can be read against what the measurement itself costs.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { openPage, setThrottle } from './browser.ts';
import { NAME_SHIM, pageProbe } from './page-probe.ts';
import { MARK_END, MARK_START } from './trace.ts';
import { quietWindow, tracedWindow } from './run-one.ts';

export interface ProbeFloor {
  throttle: number;
  windowMs: number;
  /** Main-thread busy share (0…1) of the static page with the rAF loop running. */
  mainBusy: number | null;
  /** The same with the loop stopped (what is left: timers of the browser itself). */
  mainBusyQuiet: number | null;
}

/** A page with text and no script: what the probe measures when the app does nothing at all. */
const STATIC_PAGE =
  'data:text/html;charset=utf-8,' +
  encodeURIComponent(
    '<!doctype html><meta name="viewport" content="width=device-width"><title>floor</title><h1>Tickwise</h1><p>Static page: the bench probe alone.</p>',
  );

export async function probeFloor(
  browser: Browser,
  viewport: { width: number; height: number },
  mobile: boolean,
  throttle: number,
  windowMs: number,
): Promise<ProbeFloor> {
  const { context, page, cdp } = await openPage(browser, viewport, mobile, 1);
  try {
    await context.addInitScript(NAME_SHIM);
    await context.addInitScript(pageProbe, { start: MARK_START, end: MARK_END });
    await page.goto(STATIC_PAGE);
    await page.waitForFunction(() => window.__twPage !== undefined);
    await setThrottle(browser, cdp, throttle);
    await sleep(1000);
    const withLoop = await tracedWindow(browser, page, windowMs);
    const quiet = await quietWindow(browser, page, windowMs);
    return { throttle, windowMs, mainBusy: withLoop?.main?.busy ?? null, mainBusyQuiet: quiet?.main?.busy ?? null };
  } finally {
    await context.close().catch(() => undefined);
  }
}
