// Bytes per minute the real app receives on its socket, normal against low-bandwidth mode, measured in the page.
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, PHONE } from '../../tests/e2e/browser.ts';
import { resolve } from 'node:path';
import { WEEKDAY_NOON } from '../../tests/e2e/app-server.ts';
import { startBenchServer } from '../lib/app-server.ts';

interface Tally {
  bytes: number;
  frames: number;
  codes: string[][];
}

function watch(page: Page, t: Tally): void {
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => {
      if (typeof f.payload !== 'string' || !f.payload.startsWith('{"type":"codes"')) return;
      t.codes.push((JSON.parse(f.payload) as { codes: string[] | null }).codes ?? ['(all)']);
    });
    ws.on('framereceived', (f) => {
      if (typeof f.payload !== 'string') return;
      if (!f.payload.startsWith('{"type":"DAY_MARKET"') && !f.payload.startsWith('{"type":"KLINE"')) return;
      t.bytes += Buffer.byteLength(f.payload);
      t.frames += 1;
    });
  });
}

const seconds = Number(process.argv[2] ?? 20);
const server = await startBenchServer({
  env: { SIM_INSTRUMENTS: '300', SIM_HZ: '20', SIM_TIME: WEEKDAY_NOON },
  distDir: resolve('dist'),
  cpus: null,
});
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'],
});
try {
  for (const mode of ['off', 'on'] as const) {
    const context = await browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      locale: 'en',
    });
    const page = await context.newPage();
    await page.addInitScript((m) => localStorage.setItem('tw:data-saver', m), mode);
    const t: Tally = { bytes: 0, frames: 0, codes: [] };
    watch(page, t);
    await page.goto(`${server.url}/#/`);
    await page.locator('[data-conn="live"]').first().waitFor({ timeout: 30_000 });
    await page
      .locator('.mk-chip', { hasText: /Synthetic|合成/ })
      .first()
      .click();
    await page.locator('.mk-row[data-code="SYN0001"]').waitFor();
    await page.waitForTimeout(3000); // the filter settles, the snapshot is past
    const measure = async (screen: string): Promise<void> => {
      Object.assign(t, { bytes: 0, frames: 0 });
      const codesBefore = t.codes.length;
      await page.waitForTimeout(seconds * 1000);
      const perMin = (n: number): number => (n * 60) / seconds;
      const sent = t.codes.slice(codesBefore).map((c) => c.length);
      console.log(
        `${screen.padEnd(7)} ${mode === 'on' ? 'low-bandwidth' : 'normal       '} ${(perMin(t.bytes) / 1e6).toFixed(3).padStart(8)} MB/min ${perMin(t.frames).toFixed(0).padStart(6)} frames/min` +
          `  codes sent before: ${JSON.stringify(t.codes.slice(0, codesBefore).map((c) => c.length))}${sent.length ? ` during: ${JSON.stringify(sent)}` : ''}`,
      );
    };
    await measure('market');
    await page.locator('.mk-row[data-code="SYN0001"]').click();
    await page.waitForURL(/#\/trade/);
    await page.waitForTimeout(3000);
    await measure('trade');
    if (mode === 'on') console.log('  last codes sent:', JSON.stringify(t.codes.at(-1)));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
