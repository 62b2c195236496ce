// The rAF probe's own cost on a static page, printed beside each case so busy figures can be read against it.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { openPage, setThrottle } from './browser.ts';
import { NAME_SHIM, pageProbe } from './page-probe.ts';
import { MARK_END, MARK_START } from './trace.ts';
import { quietWindow, tracedWindow } from './run-one.ts';
import type { RenderCase } from './cases.ts';

export type ProbeFloor = Awaited<ReturnType<typeof probeFloor>>;

const STATIC_PAGE =
  'data:text/html;charset=utf-8,' +
  encodeURIComponent(
    '<!doctype html><meta name="viewport" content="width=device-width"><title>floor</title><h1>Tickwise</h1><p>Static page: the bench probe alone.</p>',
  );

/** Under the case's throttle, over a window of its quiet window's length. */
export async function probeFloor(
  browser: Browser,
  c: Pick<RenderCase, 'viewport' | 'mobile' | 'throttle' | 'quietMs'>,
) {
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
