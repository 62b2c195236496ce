// The prerendered first screen: index.html's `/` and `/trade`, drawn at build time by the app's own
// components, hold the catalogue's rows; the inline paint writes the last-known quotes from the IndexedDB
// records with their age, marked stale; and React attaches to that HTML without redrawing it (no recoverable
// hydration error, the same row and text nodes afterwards, the painted price still there).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { set, clear } from 'idb-keyval';
import { RISK_WARNING_KEY } from '../../../../domain/stored-keys.ts';
import { riskWarning } from '../../../../src/api/retail.ts';
import { prerenderScreen, warningTexts } from '../../../../src/boot/prerender.tsx';
import { prepareAttach } from '../../../../src/boot/attach-first-screen.ts';
import { latePartsAttached, PRERENDER_ROWS } from '../../../../src/boot/attach.ts';
import { resetVirtualizerLoad } from '../../../../src/components/instrument/lazy-virtualizer.tsx';
import {
  BOOT_DATA_ID,
  type BootData,
  chooseScreen,
  keepEarlyTaps,
  paintQuotes,
  paintWarning,
  readFirstQuotes,
  lastKnownQuotes,
  QUOTES_KEY,
  TRADE_LIST_KEY,
  readLastKnownStore,
  type FirstScreenPath,
} from '../../../../src/boot/first-paint.ts';
import { App } from '../../../../src/app/app.tsx';
import type { NavigationDeps } from '../../../../src/app/routing/navigation-effects.ts';
import { i18n } from '../../../../src/i18n/index.ts';
import { formatAsOf } from '../../../../src/i18n/format.ts';
import { quote } from '../../../../src/state/market/quotes.ts';
import { $currentCode } from '../../../../src/state/market/current-code.ts';
import { setProvisionalInstruments } from '../../../../src/state/market/instruments.ts';
import { $riskWarning } from '../../../../src/state/account/retail.ts';
import { FIRST_QUOTES_ID, scriptSafeJson } from '../../../../domain/first-quotes.ts';
import { $categories } from '../../../../src/pages/market/categories.ts';
import { buildCatalogue } from '../../../../scripts/prerender-catalogue.ts';
import { prerender } from 'react-dom/static';
import { provideFeed } from '../../../../src/state/feed/feed-bridge.ts';
import { fakeFeedHandle } from '../../feed-fakes.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const idle = async (): Promise<void> => undefined;
// The composition root's job in the app: /trade's chart and order form reach the feed while attaching.
provideFeed(fakeFeedHandle({ watchChart: idle, unwatchChart: idle, setIndicators: idle, watchPreview: idle }));

const NOW = Date.UTC(2026, 10, 18, 12, 0, 0);
const catalogue = buildCatalogue();
const NO_NAVIGATION: NavigationDeps = {
  refreshTradeList: async () => [],
  startFeed: async () => undefined,
  feedConfig: () => new Promise(() => undefined),
};

function bootData(): BootData {
  return { catalogue, tradeCode: 'EURUSD', lang: 'hk', tag: 'zh-Hant-HK', asOf: '截至 {{time}}', stale: '延遲' };
}

/** index.html as the build writes it, for one screen. */
function page(markup: string, pre: string): HTMLElement {
  document.body.innerHTML = `<div id="root" data-pre="${pre}">${markup}</div><script type="application/json" id="${BOOT_DATA_ID}">${JSON.stringify(bootData())}</script>`;
  return document.getElementById('root')!;
}

/**
 * The build draws in a process of its own; here the server renderer and the client share one realm, and React's
 * server renderer leaves its last context values set (the router's location) after it finishes. An empty render
 * switches them back to the defaults, as a fresh page has them.
 */
async function drawAtBuild(path: FirstScreenPath): Promise<string> {
  const markup = await prerenderScreen(path, catalogue);
  await prerender(<></>); // the same server renderer: its own record of the last context
  return markup;
}

// Unanswered, as offline: a test sees whether the app asked.
vi.mock('../../../../src/api/retail.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/api/retail.ts')>()),
  riskWarning: vi.fn(() => Promise.reject(new Error('offline'))),
}));

let root: Root | null = null;
beforeEach(async () => {
  // The app's clock (the stale tag's "as of") reads the same instant the inline paint was given.
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  await clear();
  vi.spyOn(console, 'error');
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.location.hash = '';
});

/**
 * Attaches React as src/main.tsx does, on `hash` with the inline script's `boot` quotes, and expects no redraw of the
 * server HTML: no recoverable error reported, no hydration complaint logged.
 */
async function attach(el: HTMLElement, boot: Window['__twBoot'], hash: string): Promise<void> {
  window.__twBoot = boot;
  window.location.hash = hash;
  expect(await prepareAttach(document, window)).toBe(true);
  errors.length = 0;
  await act(async () => {
    root = hydrateRoot(el, <App navigation={NO_NAVIGATION} />, { onRecoverableError: (e) => void errors.push(e) });
  });
  await act(async () => undefined);
  expect(errors).toEqual([]);
  expect(hydrationComplaints()).toEqual([]);
}

/** React's recoverable errors since the last attach (a part it attaches to later reports here too). */
const errors: unknown[] = [];

const hydrationComplaints = (): unknown[][] =>
  vi.mocked(console.error).mock.calls.filter((args) => /hydrat|did not match|server/i.test(String(args[0])));

it('draws the market list with the catalogue rows, the inline paint writes the stored quotes with their age, and React attaches without redrawing', async () => {
  const markup = await drawAtBuild('/');
  const el = page(markup, '/');
  const rows = el.querySelectorAll<HTMLElement>('.mk-row[data-code]');
  expect(rows.length).toBe(PRERENDER_ROWS);
  expect([...rows].slice(0, 3).map((r) => r.dataset.code)).toEqual(['EURUSD', 'GBPUSD', 'USDJPY']);
  expect(el.querySelector('.tab-bar')).not.toBeNull();
  expect(el.querySelector('.mk-price')?.textContent).toBe(''); // no made-up price at build time

  // The records: the trade list's snapshot (older) and the kept live quotes (newer for EURUSD).
  const snapAt = NOW - 3 * 3_600_000;
  const keptAt = NOW - 25 * 60_000;
  await set(TRADE_LIST_KEY, [
    {
      ...catalogue[0],
      ForexQuotations: { Open: '1', High: '1', Low: '1', Close: '1.08000', Change: '0.10', Time: snapAt },
    },
    {
      ...catalogue[1],
      MarketStatus: 1,
      ForexQuotations: { Open: '1', High: '1', Low: '1', Close: '1.2702', Change: '-0.2', Time: snapAt },
    },
  ]);
  await set(QUOTES_KEY, [['EURUSD', '1.08321', '0.35', keptAt, 1]]);
  const stored = await readLastKnownStore(indexedDB);
  const quotes = lastKnownQuotes(
    stored.tradeList,
    stored.quotes,
    new Map(catalogue.map((i) => [i.Code, i.PricePrecision])),
  );
  expect(paintQuotes(el, quotes, NOW, bootData())).toBe(2);

  const eur = el.querySelector<HTMLElement>('.mk-row[data-code="EURUSD"]')!;
  const gbp = el.querySelector<HTMLElement>('.mk-row[data-code="GBPUSD"]')!;
  expect(eur.querySelector('.mk-price')?.textContent).toBe('1.08321'); // the kept quote: newer than the snapshot
  expect(eur.querySelector('.mk-change-text')?.textContent).toBe('+0.35%');
  expect(gbp.querySelector('.mk-price')?.textContent).toBe('1.27020'); // at its precision
  expect(gbp.dataset.dir).toBe('down');
  // Marked as the app marks a last-known price: stale, with the app's own age text.
  expect(eur.dataset.stale).toBe('true');
  const age = i18n.t('market.as_of', { time: formatAsOf(keptAt, NOW) });
  expect(eur.querySelector('[data-field="as-of"]')?.textContent).toBe(age);
  expect(gbp.querySelector('[data-field="as-of"]')?.textContent).toBe(
    i18n.t('market.as_of', { time: formatAsOf(snapAt, NOW) }),
  );

  const priceBox = eur.querySelector('.mk-price bdi');
  await attach(el, Promise.resolve({ quotes, warning: null }), '#/');
  // The same nodes: React kept the HTML, and each LiveText adopted the painted text.
  expect(el.querySelector('.mk-row[data-code="EURUSD"]')).toBe(eur);
  expect(eur.querySelector('.mk-price bdi')).toBe(priceBox);
  expect(eur.querySelector('.mk-price')?.textContent).toBe('1.08321');
  expect(eur.querySelector('[data-field="as-of"]')?.textContent).toBe(age);
  expect(quote('EURUSD').$tickAt.peek()).toBe(keptAt);
  // It is React's now: a live quote rewrites the same node.
  act(() => {
    quote('EURUSD').$close.value = '1.08400';
  });
  expect(priceBox?.textContent).toBe('1.08400');
});

it("attaches to the rest of `/` before virtua's chunk is in, and to the same rows once it comes", async () => {
  const markup = await drawAtBuild('/');
  const el = page(markup, '/');
  const keptAt = NOW - 20 * 60_000; // newer than the first test's, older than the /trade test's
  // USDJPY's market was closed when its quote was kept: its row draws "closed" instead of the change once React has
  // it, a different tree than the prerender's, so its quote must not be in the signals before React attaches to it.
  const quotes = lastKnownQuotes(
    undefined,
    [
      ['EURUSD', '1.08321', '0.35', keptAt, 1],
      ['USDJPY', '151.234', '0.10', keptAt, 0],
    ],
    new Map([
      ['EURUSD', 5],
      ['USDJPY', 3],
    ]),
  );
  paintQuotes(el, quotes, NOW, bootData());
  const eur = el.querySelector<HTMLElement>('.mk-row[data-code="EURUSD"]')!;
  const jpy = el.querySelector<HTMLElement>('.mk-row[data-code="USDJPY"]')!;
  const priceBox = eur.querySelector('.mk-price bdi');
  const tabs = el.querySelector('.tab-bar');
  // virtua's chunk (lazy-virtualizer.tsx) arrives when the test says: after React has attached to the route.
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  resetVirtualizerLoad(() => arrived.then(() => import('../../../../src/components/instrument/virtualizer-chunk.ts')));
  try {
    await attach(el, Promise.resolve({ quotes, warning: null }), '#/');
    let rowsAttached = false;
    void latePartsAttached().then(() => (rowsAttached = true));
    await act(async () => undefined);
    // The route is React's; the rows are still the prerendered HTML, as painted, and follow no signal yet.
    expect(el.querySelector('.tab-bar')).toBe(tabs);
    expect(rowsAttached).toBe(false);
    expect(eur.querySelector('.mk-price')?.textContent).toBe('1.08321');
    // The category chips arrive from the server meanwhile: the page draws again, and that must not reach the rows
    // still waiting (React would give up attaching to them and draw them afresh).
    act(() => {
      $categories.value = [...$categories.peek()];
    });

    await act(async () => arrive());
    await vi.waitFor(() => expect(rowsAttached).toBe(true));
    // React attached to the same rows: no redraw, the stored quotes are in their signals (written once the rows had
    // attached, so they found the state the prerender drew), and a live quote now rewrites the painted node.
    expect(errors).toEqual([]);
    expect(el.querySelector('.mk-row[data-code="EURUSD"]')).toBe(eur);
    expect(el.querySelector('.mk-row[data-code="USDJPY"]')).toBe(jpy);
    expect(eur.querySelector('.mk-price bdi')).toBe(priceBox);
    expect(el.querySelectorAll('.mk-row[data-code]')).toHaveLength(PRERENDER_ROWS);
    expect(quote('EURUSD').$tickAt.peek()).toBe(keptAt);
    expect(eur.querySelector('.mk-price')?.textContent).toBe('1.08321');
    expect(jpy.querySelector('.mk-closed')).not.toBeNull();
    act(() => {
      quote('EURUSD').$close.value = '1.08500';
    });
    expect(priceBox?.textContent).toBe('1.08500');
    expect(hydrationComplaints()).toEqual([]);
  } finally {
    resetVirtualizerLoad();
  }
});

it('gives a tap on a row React has not attached to yet to that row once it has: the instrument opens', async () => {
  const el = page(await drawAtBuild('/'), '/');
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  resetVirtualizerLoad(() => arrived.then(() => import('../../../../src/components/instrument/virtualizer-chunk.ts')));
  try {
    window.__twTaps = keepEarlyTaps(window); // as the inline script does first
    await attach(el, Promise.resolve({ quotes: [], warning: null }), '#/');
    let rowsAttached = false;
    void latePartsAttached().then(() => (rowsAttached = true));
    // React stops this click (the rows' boundary cannot attach before virtua's chunk), so nothing opens yet.
    act(() => el.querySelector<HTMLElement>('.mk-row[data-code="GBPUSD"]')!.click());
    await act(async () => undefined);
    expect(rowsAttached).toBe(false);
    expect(window.location.hash).toBe('#/');

    await act(async () => arrive());
    await vi.waitFor(() => expect(rowsAttached).toBe(true));
    await vi.waitFor(() => expect(window.location.hash).toBe('#/trade'));
    expect($currentCode.peek()).toBe('GBPUSD');
  } finally {
    resetVirtualizerLoad();
    $currentCode.value = null;
  }
});

it('gives a tap on a painted row to the list React draws afresh (a signed-in start): the instrument opens', async () => {
  const el = page(await drawAtBuild('/'), '/');
  window.location.hash = '#/';
  window.__twTaps = keepEarlyTaps(window);
  // Only HTML until React draws: nothing answers this click.
  el.querySelector<HTMLElement>('.mk-row[data-code="USDJPY"]')!.click();
  expect(window.location.hash).toBe('#/');
  setProvisionalInstruments(catalogue); // as prepareAttach does before a fresh render
  await act(async () => {
    root = createRoot(el);
    root.render(<App navigation={NO_NAVIGATION} />);
  });
  await vi.waitFor(() => expect(window.location.hash).toBe('#/trade'));
  expect($currentCode.peek()).toBe('USDJPY');
  $currentCode.value = null;
});

it('draws /trade with the last-known price in its header, marked, and attaches without redrawing', async () => {
  const markup = await drawAtBuild('/trade');
  // The inline script: the template's /trade goes into #root.
  document.body.innerHTML = `<div id="root" data-pre="/"></div><template id="tw-pre-trade">${markup}</template><script type="application/json" id="${BOOT_DATA_ID}">${JSON.stringify(bootData())}</script>`;
  const el = document.getElementById('root')!;
  chooseScreen(document, el, bootData(), { hash: '#/trade', wide: false, langCookie: null, storedCode: null });
  expect(el.dataset.pre).toBe('/trade');
  const head = el.querySelector<HTMLElement>('.tr-head')!;
  expect(head.dataset.code).toBe('EURUSD');

  const keptAt = NOW - 60_000;
  const quotes = lastKnownQuotes(undefined, [['EURUSD', '1.08321', '-0.05', keptAt, 1]], new Map([['EURUSD', 5]]));
  paintQuotes(el, quotes, NOW, bootData());
  expect(head.querySelector('.tr-price')?.textContent).toBe('1.08321');
  expect(head.dataset.stale).toBe('true');
  expect(head.querySelector('[data-field="as-of"]')?.textContent).toBe(
    i18n.t('market.as_of', { time: formatAsOf(keptAt, NOW) }),
  );

  const priceBox = head.querySelector('.tr-price bdi');
  await attach(el, Promise.resolve({ quotes, warning: null }), '#/trade');
  expect(el.querySelector('.tr-head')).toBe(head);
  expect(head.querySelector('.tr-price bdi')).toBe(priceBox);
  expect(head.querySelector('.tr-price')?.textContent).toBe('1.08321');
  expect(head.dataset.stale).toBe('true'); // React's own binding keeps it marked until a live quote
});

it.each([
  { shown: true, percent: 74, text: () => i18n.t('retail.warning', { percent: 74 }) },
  { shown: true, percent: null, text: () => i18n.t('retail.warning_no_figure') },
  { shown: false, percent: null, text: () => null },
])(
  'draws the served risk warning (shown $shown, percent $percent) before the app, and React attaches to it unchanged',
  async ({ shown, percent, text }) => {
    $riskWarning.value = null; // as at build time: an earlier test's app asked for it in this realm
    const markup = await drawAtBuild('/trade');
    const served = { t: NOW, q: [], w: { shown, percent, computed_at: NOW - 1000 } };
    document.body.innerHTML = `<div id="root" data-pre="/"></div><template id="tw-pre-trade">${markup}</template><script type="application/json" id="${FIRST_QUOTES_ID}">${scriptSafeJson(served)}</script><script type="application/json" id="${BOOT_DATA_ID}">${JSON.stringify(bootData())}</script>`;
    const el = document.getElementById('root')!;
    chooseScreen(document, el, bootData(), { hash: '#/trade', wide: false, langCookie: null, storedCode: null });
    expect(el.querySelector('aside.risk-warning--pending')).not.toBeNull(); // the room the build keeps
    paintWarning(el, readFirstQuotes(document)!.w!, warningTexts());
    const painted = el.querySelector('aside.risk-warning');
    expect(painted?.textContent ?? null).toBe(text());

    vi.mocked(riskWarning).mockClear();
    await attach(el, Promise.resolve({ quotes: [], warning: null }), '#/trade');
    expect($riskWarning.peek()).toEqual(served.w); // from the page: the app does not ask for it
    expect(riskWarning).not.toHaveBeenCalled();
    expect(el.querySelector('aside.risk-warning')).toBe(painted);
    expect(painted?.getAttribute('aria-label') ?? null).toBe(shown ? i18n.t('retail.warning_label') : null);
  },
);

it("draws the warning the last visit kept on the service worker's page, attaches to it unchanged and asks again", async () => {
  $riskWarning.value = null;
  const kept = { shown: true, percent: 71, computed_at: NOW - 86_400_000 };
  await set(RISK_WARNING_KEY, kept);
  const markup = await drawAtBuild('/trade');
  // The precached page: no tw-now block.
  document.body.innerHTML = `<div id="root" data-pre="/"></div><template id="tw-pre-trade">${markup}</template><script type="application/json" id="${BOOT_DATA_ID}">${JSON.stringify(bootData())}</script>`;
  const el = document.getElementById('root')!;
  chooseScreen(document, el, bootData(), { hash: '#/trade', wide: false, langCookie: null, storedCode: null });
  const stored = await readLastKnownStore(indexedDB);
  expect(stored.warning).toEqual(kept);
  paintWarning(el, kept, warningTexts()); // the inline script, from the store
  const painted = el.querySelector('aside.risk-warning');
  expect(painted?.textContent).toBe(i18n.t('retail.warning', { percent: 71 }));

  vi.mocked(riskWarning).mockClear();
  await attach(el, Promise.resolve({ quotes: [], warning: stored.warning }), '#/trade');
  expect(el.querySelector('aside.risk-warning')).toBe(painted);
  expect(riskWarning).toHaveBeenCalledTimes(1); // it may be a quarter old
  await act(async () => undefined);
  expect($riskWarning.peek()).toEqual(kept); // offline: the kept one stays
});

it('shows the start-up shell, not a prerendered screen, for another route, a desk-wide window or another language', () => {
  for (const env of [
    { hash: '#/order', wide: false, langCookie: null },
    { hash: '#/', wide: true, langCookie: null },
    { hash: '#/trade', wide: false, langCookie: 'en' },
  ]) {
    document.body.innerHTML = `<div id="root" data-pre="/"><div class="mk-page"></div></div><template id="tw-pre-shell"><div class="boot"></div></template>`;
    const el = document.getElementById('root')!;
    chooseScreen(document, el, bootData(), { ...env, storedCode: null });
    expect(el.dataset.pre).toBe('');
    expect(el.querySelector('.boot')).not.toBeNull();
  }
});
