// index.html's first paint, for its inline script and the app (docs/architecture.md "From a quote to the screen").
import type { Instrument } from '../../domain/types.ts';
import { FIRST_QUOTES_ID, type FirstQuotes } from '../../domain/first-quotes.ts';
import type { RiskWarning } from '../../domain/retail.ts';
import { QUOTES_KEY, RISK_WARNING_KEY, TRADE_LIST_KEY } from '../../domain/stored-keys.ts';
import { asOfOptions } from '../../domain/as-of.ts';
import { isDecimalText, type Dir } from '../../domain/decimal-text.ts';
import { quoteText } from '../../domain/quote-text.ts';

export type FirstScreenPath = '/' | '/trade';

/** "#/trade?code=X" → "/trade"; "" and "#" are "/". */
export function hashPath(hash: string): string {
  const path = hash.replace(/^#/, '').split(/[?#]/)[0] ?? '';
  return path === '' ? '/' : path;
}

/** "#/trade?code=XAUUSD" → "XAUUSD" (a price alert's link), or null. */
export function hashCode(hash: string): string | null {
  const query = hash.replace(/^#/, '').split('?')[1]?.split('#')[0];
  if (!query) return null;
  const code = new URLSearchParams(query).get('code');
  return code === null || code === '' ? null : code;
}

declare global {
  interface Window {
    /** What the inline script painted. */
    __twBoot?: Promise<FirstPaint>;
    /** The tap it keeps for the market list (keepEarlyTaps). */
    __twTaps?: EarlyTaps;
  }
}

export interface EarlyTaps {
  /** Once, when the rows are React's: the kept row is picked unless the route moved since. */
  give(pick: (code: string) => void): void;
}

/** Until the painted rows are React's, the last one tapped is kept, then given in a task after React's own clicks. */
export function keepEarlyTaps(win: Window): EarlyTaps {
  let tap: { code: string; hash: string } | null = null;
  const seen = (e: Event): void => {
    const row = e.target instanceof Element ? e.target.closest<HTMLElement>('.mk-row[data-code]') : null;
    tap = row ? { code: row.dataset['code'] ?? '', hash: win.location.hash } : null;
  };
  win.addEventListener('click', seen, true);
  let given = false;
  return {
    give(pick) {
      if (given) return;
      given = true;
      win.setTimeout(() => {
        win.removeEventListener('click', seen, true);
        if (tap && tap.hash === win.location.hash) pick(tap.code);
      }, 0);
    },
  };
}

export interface FirstPaint {
  quotes: LastKnownQuote[]; // none when there were none, or no prerendered screen
  /** The stored warning painted when the page carried none (the service worker's copy); a served one is in tw-now. */
  warning: RiskWarning | null;
}

export const NOTHING_PAINTED: FirstPaint = { quotes: [], warning: null };

export const BOOT_DATA_ID = 'tw-boot';
export const TRADE_TEMPLATE_ID = 'tw-pre-trade';
export const SHELL_TEMPLATE_ID = 'tw-pre-shell';

export interface BootData {
  catalogue: Instrument[];
  tradeCode: string; // the catalogue's first
  lang: string; // the default, hk
  tag: string; // for the age's clock time
  asOf: string; // with {{time}}
  stale: string; // 'market.stale'
  closed?: string; // 'market.closed': a served quote of a closed market
  halted?: string; // 'market.halted'
  warning?: WarningTexts;
}

/** The risk warning's texts in the drawn language, for the inline script (paintWarning). */
export interface WarningTexts {
  label: string; // 'retail.warning_label'
  figure: string; // 'retail.warning' with {{percent}}
  noFigure: string; // 'retail.warning_no_figure'
}

/** The JSON a <script type="application/json"> of the page holds; null when absent or malformed. */
function readJson(doc: Document, id: string): unknown {
  const text = doc.getElementById(id)?.textContent;
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

export function readBootData(doc: Document): BootData | null {
  return readJson(doc, BOOT_DATA_ID) as BootData | null;
}

// IDB_NAME and IDB_STORE are idb-keyval's defaults, so the inline script and the app read one store.
export { QUOTES_KEY, RISK_WARNING_KEY, TRADE_LIST_KEY };
export const IDB_NAME = 'keyval-store';
export const IDB_STORE = 'keyval';

export interface LastKnownQuote {
  code: string;
  price: string; // at the instrument's precision, as a row shows it
  change: string; // '+0.35%'
  dir: Dir;
  time: number; // ms epoch
  open: boolean;
  /** Absent for a stored quote, which is stale. */
  state?: 'live' | 'stale' | 'closed' | 'halted';
  reason?: string; // why the desk halted it (state 'halted')
}

interface Raw {
  close: string;
  change: string;
  time: number;
  open: boolean;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null;

function fromSnapshot(inst: Rec): Raw | null {
  const fq = inst['ForexQuotations'];
  if (!isRec(fq) || typeof fq['Close'] !== 'string' || typeof fq['Time'] !== 'number') return null;
  return {
    close: fq['Close'],
    change: typeof fq['Change'] === 'string' ? fq['Change'] : '',
    time: fq['Time'],
    open: inst['MarketStatus'] === 1,
  };
}

function fromTuple(t: unknown): [string, Raw] | null {
  if (!Array.isArray(t) || typeof t[0] !== 'string' || typeof t[1] !== 'string' || typeof t[3] !== 'number')
    return null;
  return [t[0], { close: t[1], change: typeof t[2] === 'string' ? t[2] : '', time: t[3], open: t[4] === 1 }];
}

/** Newest per code of the cached trade list and kept live quotes; `precisions` covers codes the list lacks. */
export function lastKnownQuotes(
  tradeList: unknown,
  tuples: unknown,
  precisions: ReadonlyMap<string, number>,
): LastKnownQuote[] {
  const raw = new Map<string, Raw>();
  const precision = new Map(precisions);
  if (Array.isArray(tradeList)) {
    for (const inst of tradeList) {
      if (!isRec(inst) || typeof inst['Code'] !== 'string') continue;
      if (typeof inst['PricePrecision'] === 'number') precision.set(inst['Code'], inst['PricePrecision']);
      const snap = fromSnapshot(inst);
      if (snap) raw.set(inst['Code'], snap);
    }
  }
  if (Array.isArray(tuples)) {
    for (const t of tuples) {
      const hit = fromTuple(t);
      if (!hit) continue;
      const had = raw.get(hit[0]);
      if (!had || hit[1].time > had.time) raw.set(hit[0], hit[1]);
    }
  }
  return [...raw].flatMap(([code, r]) => {
    const places = precision.get(code);
    if (places === undefined || !isDecimalText(r.close) || !(r.time > 0)) return [];
    return [{ code, ...quoteText(r.close, r.change, places), time: r.time, open: r.open }];
  });
}

/** "14:02" today, the date on another day: src/i18n/format.ts formatAsOf's rule (domain/as-of.ts) in language `tag`. */
export function asOfTime(ms: number, now: number, tag: string): string {
  return new Intl.DateTimeFormat(tag, asOfOptions(ms, now)).format(ms);
}

/** The app's stale limit (src/app/start/start.ts STALE_AFTER_MS), here without importing the app's config. */
export const SERVED_STALE_AFTER_MS = 10_000;

export function readFirstQuotes(doc: Document): FirstQuotes | null {
  const v = readJson(doc, FIRST_QUOTES_ID) as Partial<FirstQuotes> | null;
  if (typeof v?.t !== 'number' || !Array.isArray(v.q)) return null;
  return isWarning(v.w) ? { t: v.t, q: v.q, w: v.w } : { t: v.t, q: v.q };
}

export function servedQuotes(
  snap: FirstQuotes,
  precisions: ReadonlyMap<string, number>,
  staleAfterMs = SERVED_STALE_AFTER_MS,
): LastKnownQuote[] {
  const byCode = new Map(snap.q.map((t) => [t[0], t]));
  return lastKnownQuotes(undefined, snap.q, precisions).map((k) => {
    const t = byCode.get(k.code);
    const halted = t?.[5] === 'halted';
    const state = halted
      ? 'halted'
      : !k.open
        ? 'closed'
        : t?.[5] === 'stale' || snap.t - k.time > staleAfterMs
          ? 'stale'
          : 'live';
    return { ...k, open: k.open && !halted, state, ...(halted ? { reason: t?.[6] ?? '' } : {}) };
  });
}

// The bare IndexedDB API: the inline script must not wait for idb-keyval's chunk.

export interface StoredLastKnown {
  tradeList: unknown;
  quotes: unknown;
  warning: RiskWarning | null;
}

const NOTHING: StoredLastKnown = { tradeList: undefined, quotes: undefined, warning: null };

export function readLastKnownStore(idb: IDBFactory | undefined): Promise<StoredLastKnown> {
  return new Promise((resolve) => {
    if (!idb) return resolve(NOTHING);
    let open: IDBOpenDBRequest;
    try {
      open = idb.open(IDB_NAME);
    } catch {
      return resolve(NOTHING);
    }
    // A first visit creates the database as idb-keyval would (its one store), so the app's own opening finds it.
    open.onupgradeneeded = () => open.result.createObjectStore(IDB_STORE);
    open.onerror = () => resolve(NOTHING);
    open.onsuccess = () => {
      const db = open.result;
      try {
        const store = db.transaction(IDB_STORE, 'readonly').objectStore(IDB_STORE);
        const list = store.get(TRADE_LIST_KEY);
        const warning = store.get(RISK_WARNING_KEY);
        const quotes = store.get(QUOTES_KEY);
        quotes.onsuccess = () => {
          const w: unknown = warning.result;
          resolve({ tradeList: list.result, quotes: quotes.result, warning: isWarning(w) ? w : null });
          db.close();
        };
        quotes.onerror = () => resolve(NOTHING);
      } catch {
        db.close();
        resolve(NOTHING);
      }
    };
  });
}

export interface ScreenEnv {
  hash: string;
  wide: boolean; // the desk layout: not prerendered
  langCookie: string | null; // another language than the one drawn shows the shell
  storedCode: string | null; // the /trade instrument a reload reopens (localStorage tw:current-code)
}

function templateHtml(doc: Document, id: string): string | null {
  const t = doc.getElementById(id);
  return t?.tagName === 'TEMPLATE' ? t.innerHTML : null;
}

/** Sets root.dataset.pre to the screen shown ('' for none) and root.dataset.code to /trade's instrument. */
export function chooseScreen(doc: Document, root: HTMLElement, data: BootData, env: ScreenEnv): void {
  const path = hashPath(env.hash);
  const screen: FirstScreenPath | null = path === '/' || path === '/trade' ? path : null;
  const otherLang =
    env.langCookie !== null && env.langCookie !== '' && env.langCookie !== data.lang && env.langCookie !== 'tw';
  if (screen === null || env.wide || otherLang) {
    root.innerHTML = templateHtml(doc, SHELL_TEMPLATE_ID) ?? '';
    root.dataset.pre = '';
    return;
  }
  root.dataset.pre = screen;
  if (screen !== '/trade') return;
  root.innerHTML = templateHtml(doc, TRADE_TEMPLATE_ID) ?? '';
  // The link's instrument first (the app switches to it, trade-page.tsx), else the one a reload reopens.
  const inst = [hashCode(env.hash), env.storedCode]
    .map((code) => data.catalogue.find((i) => i.Code === code))
    .find((i) => i !== undefined);
  root.dataset.code = inst ? inst.Code : data.tradeCode;
  const head = root.querySelector<HTMLElement>('.tr-head');
  if (!inst || !head || inst.Code === data.tradeCode) return;
  // Another instrument than the one drawn: its name and logo, so its last-known price is not shown under another's.
  head.dataset.code = inst.Code;
  const code = head.querySelector('.tr-code');
  if (code) code.textContent = inst.ShowCode;
  head.querySelector('img')?.setAttribute('src', inst.Logo);
}

function write(el: Element | null, text: string): void {
  const box = el?.querySelector('bdi');
  if (!box || text === '') return;
  box.textContent = text;
  // Sized as LiveText sizes its box (live-text.css): a figure's count, twice that for a label in any script.
  if (box.classList.contains('tw-live-box'))
    box.style.setProperty(
      '--live-chars',
      String(Math.max(2, /^[\d.,+\-%]*$/.test(text) ? text.length : text.length * 2)),
    );
}

/** Removes what only the inline paint marks (the age of a served quote): the app's own binding marks it from here on. */
export function clearPaintMarks(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>('.mk-row[data-aged], .tr-head[data-aged]'))
    delete el.dataset.aged;
}

const isWarning = (v: unknown): v is RiskWarning =>
  isRec(v) && typeof v['shown'] === 'boolean' && (v['percent'] === null || typeof v['percent'] === 'number');

/** Drawn as src/app/layout/layout.tsx's RiskWarning draws it, so React attaches to it unchanged. */
export function paintWarning(root: ParentNode, w: RiskWarning, texts: WarningTexts): void {
  const box = root.querySelector<HTMLElement>('aside.risk-warning--pending');
  if (!box) return;
  if (!w.shown) {
    box.remove();
    return;
  }
  box.className = 'risk-warning';
  box.removeAttribute('aria-hidden');
  box.setAttribute('aria-label', texts.label);
  box.dataset.testid = 'risk-warning';
  const p = box.ownerDocument.createElement('p');
  p.textContent = w.percent === null ? texts.noFigure : texts.figure.replace('{{percent}}', String(w.percent));
  box.replaceChildren(p);
}

/** Returns how many quotes it painted. */
export function paintQuotes(root: ParentNode, quotes: readonly LastKnownQuote[], now: number, data: BootData): number {
  const byCode = new Map(quotes.map((q) => [q.code, q]));
  let painted = 0;
  for (const el of root.querySelectorAll<HTMLElement>('.mk-row[data-code], .tr-head[data-code]')) {
    const q = byCode.get(el.dataset.code ?? '');
    if (!q) continue;
    // A stored quote is stale (state absent); a served one is as the server saw it.
    const state = q.state ?? 'stale';
    const off = state === 'closed' || state === 'halted';
    write(el.querySelector('.mk-price, .tr-price'), q.price);
    const label = state === 'halted' ? data.halted : state === 'closed' ? data.closed : undefined;
    write(el.querySelector('.mk-change-text, .tr-change'), off && label ? label : q.change);
    // Marked as the app marks it (market.css, instrument-header.css); a served live quote by its age only.
    write(el.querySelector('[data-field="as-of"]'), data.asOf.replace('{{time}}', asOfTime(q.time, now, data.tag)));
    el.dataset.dir = off ? 'flat' : q.dir;
    el.dataset.stale = state === 'stale' ? 'true' : 'false';
    el.dataset.open = off ? 'false' : 'true';
    if (q.state !== undefined) el.dataset.aged = 'true';
    painted++;
  }
  return painted;
}

// Requested after the first paint so nothing competes with it; scripts/prerender-plugin.ts lists them as JSON.

export const APP_SCRIPTS_ID = 'tw-app';

export interface AppScripts {
  entry: string; // src/main.tsx's chunk
  preload: string[]; // fetched beside it as <link rel="modulepreload">
}

export function readAppScripts(doc: Document): AppScripts | null {
  const v = readJson(doc, APP_SCRIPTS_ID) as Partial<AppScripts> | null;
  return typeof v?.entry === 'string' && Array.isArray(v.preload)
    ? { entry: v.entry, preload: v.preload.filter((p) => typeof p === 'string') }
    : null;
}

/** Adds the preloads and the entry to <head>, as Vite's own tags would have been (crossorigin, so a preload is reused). */
export function requestApp(doc: Document, scripts: AppScripts): void {
  for (const href of scripts.preload) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.appendChild(link);
  }
  const script = doc.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = scripts.entry;
  doc.head.appendChild(script);
}

export interface PaintEnv {
  hidden: () => boolean; // a page in a background tab paints nothing
  firstPaint: (cb: () => void) => void; // calls back once the page's first contentful paint has been presented
  timeout: (cb: () => void, ms: number) => void;
}

/** However long the first paint is held up (a hidden tab becoming visible late), the app is requested by then. */
export const PAINT_CAP_MS = 1000;

/** At once in a hidden page, by PAINT_CAP_MS at the latest. */
export function afterFirstPaint(env: PaintEnv, run: () => void): void {
  let done = false;
  const once = (): void => {
    if (done) return;
    done = true;
    run();
  };
  if (env.hidden()) return once();
  env.firstPaint(once);
  env.timeout(once, PAINT_CAP_MS);
}

/** Paint Timing's entry (buffered): a task queued from an animation frame would run a frame too early. */
export function browserFirstPaint(
  win: { PerformanceObserver?: typeof PerformanceObserver },
  frame: (cb: () => void) => void,
  timeout: (cb: () => void, ms: number) => void,
) {
  return (cb: () => void): void => {
    const nextFrame = (): void => frame(() => timeout(cb, 0));
    if (!win.PerformanceObserver?.supportedEntryTypes?.includes('paint')) return nextFrame();
    try {
      const po = new win.PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        po.disconnect();
        cb();
      });
      po.observe({ type: 'paint', buffered: true });
    } catch {
      nextFrame(); // an observer that refuses the options (an older engine)
    }
  };
}
