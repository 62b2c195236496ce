// Prices stay the LP's decimal text: the writer checks and scales them.
import type { RawTick } from '../price-source.ts';

/** Others (volumes, indices…) are ignored. */
export const BID = '0';
export const OFFER = '1';
export const TRADE = '2';

export interface MdEntry {
  /** 0 new, 1 change, 2 delete; absent on a snapshot. */
  action?: string;
  type: string;
  /** Of the entry (incremental) or of the message (snapshot). */
  symbol: string;
  price?: string;
  size?: string;
}

type Top = Partial<Pick<RawTick, 'bid' | 'ask' | 'last' | 'volume'>>;

export class MdBook {
  private readonly tops = new Map<string, Top>();

  snapshot(symbol: string, entries: readonly MdEntry[], sourceTime: number): RawTick | null {
    const top: Top = {};
    for (const e of entries) apply(top, { ...e, action: '0' });
    this.tops.set(symbol, top);
    return tickOf(symbol, top, sourceTime);
  }

  /** Entries may span symbols; one tick per symbol touched, in first-touched order. */
  incremental(entries: readonly MdEntry[], sourceTime: number): RawTick[] {
    const touched: string[] = [];
    for (const e of entries) {
      let top = this.tops.get(e.symbol);
      if (!top) this.tops.set(e.symbol, (top = {}));
      if (apply(top, e) && !touched.includes(e.symbol)) touched.push(e.symbol);
    }
    const ticks: RawTick[] = [];
    for (const s of touched) {
      const t = tickOf(s, this.tops.get(s) ?? {}, sourceTime);
      if (t) ticks.push(t);
    }
    return ticks;
  }

  /** The LP's book is void after a reconnect; the new snapshots rebuild it. */
  clear(): void {
    this.tops.clear();
  }
}

/** false for a type the adapter ignores. */
function apply(top: Top, e: MdEntry): boolean {
  const value = e.action === '2' ? undefined : e.price;
  switch (e.type) {
    case BID:
      top.bid = value;
      return true;
    case OFFER:
      top.ask = value;
      return true;
    case TRADE:
      top.last = value;
      top.volume = e.action === '2' ? undefined : e.size;
      return true;
    default:
      return false;
  }
}

function tickOf(symbol: string, top: Top, sourceTime: number): RawTick | null {
  if (top.bid === undefined && top.ask === undefined && top.last === undefined) return null;
  const tick: RawTick = { symbol, sourceTime };
  for (const k of ['bid', 'ask', 'last', 'volume'] as const) if (top[k] !== undefined) tick[k] = top[k];
  return tick;
}

/** NaN when the text is not a FIX UTCTimestamp. */
export function parseFixTime(text: string | null | undefined): number {
  const m = /^(\d{4})(\d{2})(\d{2})-(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/.exec(text ?? '');
  if (!m) return Number.NaN;
  const ms = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), ms);
}
