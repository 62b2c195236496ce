// The last-known quotes a returning visitor sees before any app script runs, from the two records the offline
// start keeps in IndexedDB (idb-keyval's default store): the instrument list with its snapshot quotes (`tw.trade_list`,
// src/api/instruments.ts) and the last live quotes (`tw.quotes`, workers/feed/quote-keep.ts). The newer of the two
// wins per instrument, as in the app. Display text through the domain's own formatters, so the inline paint and the
// app write the same characters. No DOM here: src/boot/paint.ts writes it.
import { quoteText } from '../../domain/quote-text.ts';
import { isDecimalText, type Dir } from '../../domain/decimal-text.ts';
import { asOfOptions } from '../../domain/as-of.ts';
import { QUOTES_KEY, TRADE_LIST_KEY } from '../../domain/stored-keys.ts';

/** The IndexedDB keys of the last-known state (domain/stored-keys.ts), and idb-keyval's default database and store. */
export { QUOTES_KEY, TRADE_LIST_KEY };
export const IDB_NAME = 'keyval-store';
export const IDB_STORE = 'keyval';

export interface LastKnownQuote {
  code: string;
  price: string; // at the instrument's precision, as a row shows it
  change: string; // '+0.35%'
  dir: Dir;
  time: number; // ms epoch of the quote: its age is shown
  open: boolean;
  /** A quote the server wrote into the page (first-quotes.ts): its state then. Stored ones have none: stale. */
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

/**
 * The last-known quote per code, newest of the cached trade list and the kept live quotes. `precisions` gives each
 * code's PricePrecision where the cached list lacks the instrument (the page's catalogue).
 */
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
  const out: LastKnownQuote[] = [];
  for (const [code, r] of raw) {
    const places = precision.get(code);
    if (places === undefined || !isDecimalText(r.close) || !(r.time > 0)) continue;
    out.push({
      code,
      ...quoteText(r.close, r.change, places),
      time: r.time,
      open: r.open,
    });
  }
  return out;
}

/** "14:02" today, the date on another day: src/i18n/format.ts formatAsOf's rule (domain/as-of.ts) in language `tag`. */
export function asOfTime(ms: number, now: number, tag: string): string {
  return new Intl.DateTimeFormat(tag, asOfOptions(ms, now)).format(ms);
}
