// Per-instrument signals fed by FeedBatch: each batch lands inside one batch(), a tick rewrites the bound text node
// of the row that changed and no component re-renders. Screens read everything live from here, and what they
// subscribe to decides which quotes the feed sends at all (quote interest, below).
import { batch, effect, signal, type Signal } from '@preact/signals-react';
import type { Instrument } from '../domain/types.ts';
import { localStore } from './local-store.ts';
import {
  Q_DIR,
  Q_INDEX,
  Q_STATUS,
  Q_TIME,
  QUOTE_STRIDE,
  QUOTE_TEXTS,
  T_CHANGE,
  T_PRICE,
  type AccountUpdate,
  type ConnState,
  type FeedBatch,
  type KlineUpdate,
  type LivePreview,
  type OrderEvent,
} from '../../workers/protocol.ts';
import type { Dir } from '../domain/decimal-text.ts';
import { changeDir, changeText, SIGN_DIR } from '../domain/quote-text.ts';
import { priceText } from '../domain/price-text.ts';

export interface QuoteSignals {
  $close: Signal<string>; // formatted at the instrument's PricePrecision ('' before the first quote)
  $change: Signal<string>; // '+0.35%' / '-1.20%'
  $dir: Signal<Dir>; // sign of change, for the colour class/data attribute
  $open: Signal<boolean>; // MarketStatus 1
  $stale: Signal<boolean>; // older than staleAfterMs while open, or the connection is not live
  $tickAt: Signal<number>; // ms epoch of the latest tick
}

const quotes = new Map<string, QuoteSignals>();

// ── quote interest ───────────────────────────────────────────────────────────────────────────────────────────
// A code is "shown" while anything on screen subscribes to one of its signals (a mounted row, the /trade header,
// the order form). Only shown codes get quotes from the feed: a phone showing 12 rows of a 300-instrument market
// applies 12 quotes a batch, not 300. Signals of a code that is not shown keep their last value until it is.

const watchers = new Map<string, number>();
const interestListeners = new Set<(codes: string[]) => void>();
let interestQueued = false;

function interestChanged(): void {
  if (interestQueued) return;
  interestQueued = true;
  // Rows mount and unmount in bursts (a scroll, a filter): one notice per burst.
  queueMicrotask(() => {
    interestQueued = false;
    const codes = shownCodes();
    for (const l of interestListeners) l(codes);
  });
}

function watchOptions(code: string): { watched(): void; unwatched(): void } {
  return {
    watched() {
      const n = watchers.get(code) ?? 0;
      watchers.set(code, n + 1);
      if (n === 0) interestChanged();
    },
    unwatched() {
      const n = (watchers.get(code) ?? 1) - 1;
      if (n > 0) watchers.set(code, n);
      else {
        watchers.delete(code);
        interestChanged();
      }
    },
  };
}

/** The codes something on screen subscribes to right now. */
export function shownCodes(): string[] {
  return [...watchers.keys()];
}

/** Called with the shown codes after every change (batched per microtask); the bridge forwards them to the feed. */
export function onQuoteInterest(listener: (codes: string[]) => void): () => void {
  interestListeners.add(listener);
  return () => void interestListeners.delete(listener);
}

/** Stable signals per code, created on demand (stale until the feed says otherwise: nothing is live yet). */
export function quote(code: string): QuoteSignals {
  let q = quotes.get(code);
  if (!q) {
    const w = watchOptions(code);
    q = {
      $close: signal('', w),
      $change: signal('', w),
      $dir: signal<Dir>('flat', w),
      $open: signal(false, w),
      $stale: signal(true, w),
      $tickAt: signal(0, w),
    };
    quotes.set(code, q);
  }
  return q;
}

export const $instruments: Signal<Instrument[]> = signal<Instrument[]>([], { name: 'market.$instruments' });
export const $conn: Signal<ConnState> = signal<ConnState>('connecting', { name: 'market.$conn' });
export const $account: Signal<AccountUpdate | null> = signal<AccountUpdate | null>(null, { name: 'market.$account' });
/** The newest quote time (ms epoch) the screen has shown, live or cached: the age the offline banner states. */
export const $dataAsOf: Signal<number> = signal(0, { name: 'market.$dataAsOf' });
export const $sparklines: Signal<Record<string, Float32Array>> = signal<Record<string, Float32Array>>({}, { name: 'market.$sparklines' });

const CURRENT_KEY = 'tw:current-code';

function readCurrentCode(): string | null {
  return localStore()?.getItem(CURRENT_KEY) ?? null; // storage blocked (private mode): not kept across a reload
}

/** The instrument shown on /trade; persisted so a reload opens the same one. */
export const $currentCode: Signal<string | null> = signal<string | null>(readCurrentCode(), { name: 'market.$currentCode' });
effect(() => {
  const code = $currentCode.value;
  try {
    if (code === null) localStore()?.removeItem(CURRENT_KEY);
    else localStore()?.setItem(CURRENT_KEY, code);
  } catch {
    // see readCurrentCode
  }
});

/**
 * Sets the instrument list (trade_list, or the idb cache at start). Rows show the list's own quote at once;
 * the bridge forwards the list to the feed, and live quotes take over as they arrive.
 */
export function setInstruments(list: Instrument[]): void {
  batch(() => {
    $instruments.value = list;
    let asOf = $dataAsOf.peek();
    for (const inst of list) {
      const fq = inst.ForexQuotations;
      const q = quote(inst.Code);
      if (fq && fq.Time > asOf) asOf = fq.Time;
      if (!fq || (q.$close.value !== '' && !(fq.Time > q.$tickAt.value))) continue; // a newer live tick wins
      // The snapshot's exact text through the feed's own formatting (src/domain/price-text.ts, quote-text.ts): one path, one look.
      const close = priceText(fq.Close, inst.PricePrecision);
      if (close !== '') q.$close.value = close;
      const change = changeText(fq.Change);
      if (change !== '') {
        q.$change.value = change;
        q.$dir.value = changeDir(fq.Change);
      }
      q.$open.value = inst.MarketStatus === 1;
      q.$tickAt.value = fq.Time;
    }
    $dataAsOf.value = asOf;
  });
}

// ── listeners ────────────────────────────────────────────────────────────────────────────────────────────────

type Listener<T> = (v: T) => void;
const klineListeners = new Set<Listener<KlineUpdate>>();
const orderListeners = new Set<Listener<OrderEvent>>();
const gapListeners = new Set<() => void>();
const paintListeners = new Set<Listener<FeedBatch>>();
const previewListeners = new Set<Listener<LivePreview>>();

function listen<T>(set: Set<T>, l: T): () => void {
  set.add(l);
  return () => void set.delete(l);
}

function each<T>(set: Set<Listener<T>>, v: T): void {
  for (const l of set) {
    try {
      l(v);
    } catch (err) {
      console.error('state: listener failed', err); // one broken screen must not stop the others painting
    }
  }
}

export const onKline = (listener: (u: KlineUpdate) => void): (() => void) => listen(klineListeners, listener);
export const onOrderEvent = (listener: (e: OrderEvent) => void): (() => void) => listen(orderListeners, listener);
export const onOrderGap = (listener: () => void): (() => void) => listen(gapListeners, listener);
/** The watched order preview (FeedApi.watchPreview), as the feed recomputes it. */
export const onPreview = (listener: (p: LivePreview) => void): (() => void) => listen(previewListeners, listener);
/** Bench hook: called after a batch has been applied to the signals. */
export const onPaint = (listener: (batch: FeedBatch) => void): (() => void) => listen(paintListeners, listener);

// ── the feed's side (called by feed-bridge.ts only) ──────────────────────────────────────────────────────────

let slots: QuoteSignals[] = [];

/**
 * The list the feed now indexes quotes by (Q_INDEX and stale entries). The bridge calls it once the feed has
 * acknowledged setInstruments, so a batch is never read with another list's indexes.
 */
export function adoptFeedIndex(list: readonly Instrument[]): void {
  slots = list.map((i) => quote(i.Code));
}

/** Applies one FeedBatch: signals inside one batch(), then chart and paint listeners. */
export function applyBatch(b: FeedBatch): void {
  batch(() => {
    if (b.conn) $conn.value = b.conn;
    const qs = b.quotes;
    const texts = b.quoteText;
    if (qs && texts) {
      let asOf = $dataAsOf.peek();
      // The feed sent display-ready text: the painter only writes it (ARCHITECTURE: the main thread formats nothing).
      for (let o = 0, t = 0; o + QUOTE_STRIDE <= qs.length; o += QUOTE_STRIDE, t += QUOTE_TEXTS) {
        const i = qs[o + Q_INDEX] ?? -1;
        const q = slots[i];
        if (!q) continue;
        q.$close.value = texts[t + T_PRICE] ?? '';
        q.$change.value = texts[t + T_CHANGE] ?? '';
        q.$dir.value = SIGN_DIR[(qs[o + Q_DIR] ?? 0) + 1] ?? 'flat';
        q.$open.value = qs[o + Q_STATUS] === 1;
        const at = qs[o + Q_TIME] ?? 0;
        q.$tickAt.value = at;
        if (at > asOf) asOf = at;
      }
      $dataAsOf.value = asOf;
    }
    const st = b.stale;
    if (st) {
      for (let k = 0; k < st.length; k++) {
        const v = st[k] ?? 0;
        const q = slots[Math.abs(v) - 1];
        if (q) q.$stale.value = v > 0;
      }
    }
    if (b.account) $account.value = b.account;
    if (b.preview) each(previewListeners, b.preview);
  });
  if (b.kline) for (const u of b.kline) each(klineListeners, u);
  each(paintListeners, b);
}

export function dispatchOrderEvent(e: OrderEvent): void {
  each(orderListeners, e);
}

export function dispatchOrderGap(): void {
  for (const l of gapListeners) {
    try {
      l();
    } catch (err) {
      console.error('state: listener failed', err);
    }
  }
}
