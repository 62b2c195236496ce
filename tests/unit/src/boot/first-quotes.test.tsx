// The server's quotes in the first HTML, as index.html's inline script paints them (src/boot/first-paint.ts;
// docs/client.md "The live price in the first HTML"): on the prerendered /trade and market list,
// a live quote shows its price with its age, a stale one is marked stale, a closed and a halted market show their
// label instead of the change; the link's instrument is the one painted; and the inline script itself paints from
// the block at once, without waiting for IndexedDB.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prerender } from 'react-dom/static';
import { prerenderScreen } from '../../../../src/boot/prerender.tsx';
import {
  BOOT_DATA_ID,
  type BootData,
  chooseScreen,
  clearPaintMarks,
  paintQuotes,
  readFirstQuotes,
  servedQuotes,
  hashCode,
  type FirstScreenPath,
  asOfTime,
} from '../../../../src/boot/first-paint.ts';
import { FIRST_QUOTES_ID, scriptSafeJson, type FirstQuotes } from '../../../../domain/first-quotes.ts';
import { buildCatalogue } from '../../../../scripts/prerender-catalogue.ts';
import { clear, set } from 'idb-keyval';
import { QUOTES_KEY, RISK_WARNING_KEY } from '../../../../domain/stored-keys.ts';

const NOW = Date.UTC(2026, 10, 18, 12, 0, 0);
const catalogue = buildCatalogue();
const precisions = new Map(catalogue.map((i) => [i.Code, i.PricePrecision]));
const data: BootData = {
  catalogue,
  tradeCode: catalogue[0]!.Code,
  lang: 'hk',
  tag: 'zh-Hant-HK',
  asOf: '截至 {{time}}',
  stale: '延遲',
  closed: '休市',
  halted: '暫停交易',
};

const SNAPSHOT: FirstQuotes = {
  t: NOW,
  q: [
    ['XAUUSD', '2651.4', '0.35', NOW - 400, 1], // live: 0.4 s old when the server wrote the page
    ['EURUSD', '1.0851', '-0.12', NOW - 45_000, 1], // open but 45 s old: stale
    ['GBPUSD', '1.27', '0.20', NOW - 2_000, 1, 'stale'], // the feed's own stale flag
    ['USDJPY', '151.2', '0.05', NOW - 3_600_000, 0], // closed (market hours)
    ['BTCUSDT', '97000.5', '1.20', NOW - 1_000, 0, 'halted', 'desk check'], // halted by the dealing desk
    ['AUDUSD', '0.655', '-0.30', NOW - 900, 1], // live, on the list's first screen
    ['USDCAD', '1.36', '0.10', NOW - 1_000, 0, 'halted', 'desk check'], // halted, on the list's first screen
  ],
};

async function screen(path: FirstScreenPath, hash: string): Promise<HTMLElement> {
  const markup = await prerenderScreen(path, catalogue);
  await prerender(<></>); // resets the server renderer's last context (see first-screen-prerender.test.tsx)
  document.body.innerHTML =
    `<div id="root" data-pre="/">${path === '/' ? markup : ''}</div>` +
    `<template id="tw-pre-trade">${path === '/trade' ? markup : ''}</template>` +
    `<script type="application/json" id="${FIRST_QUOTES_ID}">${scriptSafeJson(SNAPSHOT)}</script>` +
    `<script type="application/json" id="${BOOT_DATA_ID}">${JSON.stringify(data)}</script>`;
  const root = document.getElementById('root')!;
  chooseScreen(document, root, data, { hash, wide: false, langCookie: null, storedCode: null });
  return root;
}

beforeEach(() => vi.useFakeTimers({ now: NOW + 1_500, toFake: ['Date'] }));
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('servedQuotes', () => {
  it('judges each quote by its age at the server clock and by its market state', () => {
    const quotes = servedQuotes(readFirstQuotesFrom(SNAPSHOT), precisions);
    const state = Object.fromEntries(quotes.map((q) => [q.code, q.state]));
    expect(state).toEqual({
      XAUUSD: 'live',
      EURUSD: 'stale',
      GBPUSD: 'stale',
      USDJPY: 'closed',
      BTCUSDT: 'halted',
      AUDUSD: 'live',
      USDCAD: 'halted',
    });
    const gold = quotes.find((q) => q.code === 'XAUUSD')!;
    expect(gold).toMatchObject({ price: '2651.40', change: '+0.35%', dir: 'up', time: NOW - 400, open: true });
    expect(quotes.find((q) => q.code === 'BTCUSDT')).toMatchObject({ open: false, reason: 'desk check' });
  });

  it('reads nothing from a missing or broken block', () => {
    document.body.innerHTML = `<script type="application/json" id="${FIRST_QUOTES_ID}">{"t":</script>`;
    expect(readFirstQuotes(document)).toBeNull();
    document.body.innerHTML = '';
    expect(readFirstQuotes(document)).toBeNull();
  });
});

function readFirstQuotesFrom(snap: FirstQuotes): FirstQuotes {
  document.body.innerHTML = `<script type="application/json" id="${FIRST_QUOTES_ID}">${scriptSafeJson(snap)}</script>`;
  const read = readFirstQuotes(document);
  expect(read).toEqual(snap);
  return read!;
}

describe('the first paint of /trade?code=XAUUSD', () => {
  it('shows the link instrument with the server price and its age, live-coloured', async () => {
    expect(hashCode('#/trade?code=XAUUSD')).toBe('XAUUSD');
    const root = await screen('/trade', '#/trade?code=XAUUSD');
    expect(paintQuotes(root, servedQuotes(SNAPSHOT, precisions), NOW + 1_500, data)).toBe(1);
    const head = root.querySelector<HTMLElement>('.tr-head')!;
    expect(head.dataset.code).toBe('XAUUSD');
    expect(root.dataset.code).toBe('XAUUSD');
    expect(head.querySelector('.tr-code')?.textContent).toBe('XAU/USD');
    expect(head.querySelector('.tr-price')?.textContent).toBe('2651.40');
    expect(head.querySelector('.tr-change')?.textContent).toBe('+0.35%');
    expect(head.querySelector('[data-field="as-of"]')?.textContent).toBe(
      `截至 ${asOfTime(NOW - 400, NOW + 1_500, 'zh-Hant-HK')}`,
    );
    expect(head.dataset).toMatchObject({ stale: 'false', aged: 'true', open: 'true', dir: 'up' });
    clearPaintMarks(root); // the app has attached: its own binding marks the age from here
    expect(head.dataset.aged).toBeUndefined();
  });
});

describe('the first paint of the market list', () => {
  it('marks a stale quote stale, and shows a closed and a halted market by their label', async () => {
    const root = await screen('/', '#/');
    paintQuotes(root, servedQuotes(SNAPSHOT, precisions), NOW + 1_500, data);
    const row = (code: string): HTMLElement => root.querySelector<HTMLElement>(`.mk-row[data-code="${code}"]`)!;
    const change = (code: string): string | null | undefined => row(code).querySelector('.mk-change-text')?.textContent;

    expect(row('AUDUSD').dataset).toMatchObject({ stale: 'false', aged: 'true', open: 'true', dir: 'down' });
    expect(row('AUDUSD').querySelector('.mk-price')?.textContent).toBe('0.65500');
    expect(row('EURUSD').dataset).toMatchObject({ stale: 'true', open: 'true', dir: 'down' });
    expect(row('EURUSD').querySelector('.mk-price')?.textContent).toBe('1.08510');
    expect(row('EURUSD').querySelector('[data-field="as-of"]')?.textContent).toBe(
      `截至 ${asOfTime(NOW - 45_000, NOW + 1_500, 'zh-Hant-HK')}`,
    );
    expect(row('GBPUSD').dataset.stale).toBe('true');

    expect(row('USDJPY').dataset).toMatchObject({ open: 'false', stale: 'false', dir: 'flat' });
    expect(change('USDJPY')).toBe('休市');
    expect(row('USDJPY').querySelector('.mk-price')?.textContent).toBe('151.200');

    expect(row('USDCAD').dataset).toMatchObject({ open: 'false', dir: 'flat' });
    expect(change('USDCAD')).toBe('暫停交易');
  });
});

/** index.html's inline script on a page as it comes: /trade's screen in its template, the list's hidden in root. */
async function runInlineScript(root: HTMLElement): Promise<void> {
  root.dataset.pre = '/';
  root.dataset.wait = '';
  document.getElementById('tw-pre-trade')!.innerHTML = root.innerHTML;
  root.innerHTML = '';
  window.location.hash = '#/trade?code=XAUUSD';
  vi.resetModules();
  await import('../../../../src/boot/inline-paint.ts');
}

describe('index.html inline script', () => {
  it('paints from the served block at once and hands the quotes to the app', async () => {
    const root = await screen('/trade', '#/trade?code=XAUUSD');
    await runInlineScript(root);
    // No IndexedDB wait: the screen is chosen, painted and shown (no data-wait) in the same task.
    expect(root.dataset.wait).toBeUndefined();
    expect(root.querySelector('.tr-price')?.textContent).toBe('2651.40');
    const { quotes, warning } = await window.__twBoot!;
    expect(quotes.map((q) => q.code)).toContain('XAUUSD');
    expect(warning).toBeNull(); // the served page's is the app's to read from tw-now
    window.location.hash = '';
  });

  it("paints the last visit's quotes and warning from IndexedDB on the service worker's page, which has no block", async () => {
    vi.useFakeTimers({ now: NOW + 1_500, toFake: ['Date', 'setTimeout', 'clearTimeout'] }); // IndexedDB's cap waits
    await clear();
    const kept = { shown: true, percent: 71, computed_at: NOW - 86_400_000 };
    await set(RISK_WARNING_KEY, kept);
    await set(QUOTES_KEY, [['XAUUSD', '2650.1', '0.20', NOW - 60_000, 1]]);
    const root = await screen('/trade', '#/trade?code=XAUUSD');
    document.getElementById(FIRST_QUOTES_ID)?.remove();
    const texts = { label: 'Risk warning', figure: '{{percent}}% lose money', noFigure: 'Most lose money' };
    document.getElementById(BOOT_DATA_ID)!.textContent = JSON.stringify({ ...data, warning: texts });
    await runInlineScript(root);
    expect(root.dataset.wait).toBe(''); // held for IndexedDB
    const { quotes, warning } = await window.__twBoot!;
    expect(root.dataset.wait).toBeUndefined();
    expect(warning).toEqual(kept);
    expect(quotes.map((q) => q.code)).toEqual(['XAUUSD']);
    expect(root.querySelector('.tr-price')?.textContent).toBe('2650.10');
    expect(root.querySelector('aside.risk-warning')?.textContent).toBe('71% lose money');
    window.location.hash = '';
  });

  it('shows the page as it is when it chose the start-up shell, or has no first screen to paint', async () => {
    // A route without a prerendered screen: the shell, shown at once.
    await screen('/', '#/');
    const root = document.getElementById('root')!;
    document.body.insertAdjacentHTML('beforeend', '<template id="tw-pre-shell"><div class="boot"></div></template>');
    root.dataset.pre = '/';
    root.dataset.wait = '';
    window.location.hash = '#/news';
    vi.resetModules();
    await import('../../../../src/boot/inline-paint.ts');
    expect(root.dataset.pre).toBe('');
    expect(root.querySelector('.boot')).not.toBeNull();
    expect(root.dataset.wait).toBeUndefined();
    // A page without its boot data (a broken copy): shown as it is, never left hidden.
    document.body.innerHTML = '<div id="root" data-pre="/" data-wait><p>rows</p></div>';
    vi.resetModules();
    await import('../../../../src/boot/inline-paint.ts');
    expect(document.getElementById('root')?.dataset.wait).toBeUndefined();
    window.location.hash = '';
  });
});
