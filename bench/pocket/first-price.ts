// Offline first paint and installability (docs/client.md "Offline, updates, resume, low bandwidth"); needs `dist/`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, PHONE } from '../../tests/e2e/browser.ts';
import { startAppServer, WEEKDAY_NOON } from '../../tests/e2e/app-server.ts';

/** Chrome DevTools' "Slow 3G" preset. */
const SLOW_3G = {
  offline: false,
  latency: 2000,
  downloadThroughput: (500 * 1024 * 0.8) / 8,
  uploadThroughput: (500 * 1024 * 0.8) / 8,
};

/** Runs in the page before its scripts: ms since navigation. */
const PROBE = `
  window.__twFirstPrice = null;
  new MutationObserver((_, obs) => {
    const el = document.querySelector('.mk-row .mk-price');
    if (!el || !/\\d/.test(el.textContent || '')) return;
    obs.disconnect();
    requestAnimationFrame(() => { window.__twFirstPrice = performance.now(); });
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

const BROWSER_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'];

type Net = 'offline' | 'slow-3g';

async function run(browser: Browser, url: string, net: Net, sw: boolean): Promise<number | null> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: sw ? 'allow' : 'block',
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    // First visit, online: the worker installs and precaches, the list and its quotes go to IndexedDB.
    await page.goto(`${url}/#/`);
    await page.waitForFunction(
      () => (window as unknown as { __twFirstPrice: number | null }).__twFirstPrice !== null,
      null,
      { timeout: 30_000 },
    );
    if (sw) await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.waitForTimeout(2000); // the cache writes settle
    if (net === 'offline') await context.setOffline(true);
    else {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    }
    await page.reload({ waitUntil: 'commit' }).catch(() => undefined); // offline without a worker: an error page
    try {
      await page.waitForFunction(
        () => (window as unknown as { __twFirstPrice: number | null }).__twFirstPrice !== null,
        null,
        { timeout: 60_000 },
      );
    } catch {
      return null;
    }
    return await page.evaluate(() => (window as unknown as { __twFirstPrice: number }).__twFirstPrice);
  } finally {
    await context.close();
  }
}

/** Persistent profile: in an incognito-like context Chromium answers "in-incognito" and stops there. */
async function installability(url: string): Promise<unknown> {
  const profile = mkdtempSync(join(tmpdir(), 'tickwise-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: PHONE,
    args: BROWSER_ARGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${url}/#/`);
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await context.newCDPSession(page);
    const errors = await cdp.send('Page.getInstallabilityErrors');
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    // A fresh navigation to the start URL with no network is answered by the worker.
    await context.setOffline(true);
    const res = await page.goto(`${url}/`);
    return {
      installabilityErrors: errors.installabilityErrors,
      manifestUrl: manifest.url,
      manifestErrors: manifest.errors,
      offlineStartStatus: res?.status() ?? null,
      offlineStartFromSw: res?.fromServiceWorker() ?? false,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const runs = Number(process.argv[2] ?? 3);
const median = (xs: number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? null;
};
const server = await startAppServer({ SIM_TIME: WEEKDAY_NOON });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: BROWSER_ARGS });
try {
  console.log('installability', JSON.stringify(await installability(server.url)));
  const cases: Array<[Net, boolean]> =
    process.argv[3] === 'install-only'
      ? []
      : [
          ['offline', true],
          ['offline', false],
          ['slow-3g', true],
          ['slow-3g', false],
        ];
  for (const [net, sw] of cases) {
    const times: number[] = [];
    let failed = 0;
    for (let k = 0; k < (net === 'offline' && !sw ? 1 : runs); k++) {
      const t = await run(browser, server.url, net, sw);
      if (t === null) failed++;
      else times.push(t);
    }
    const m = median(times);
    console.log(
      `${net.padEnd(8)} ${sw ? 'service worker' : 'no worker     '}  first price ${m === null ? 'never (60 s)' : `${Math.round(m)} ms median`}  runs ${times.map((t) => Math.round(t)).join(', ') || '-'}${failed ? `  (${failed} never painted)` : ''}`,
    );
  }
} finally {
  await browser.close();
  await server.dispose();
}
