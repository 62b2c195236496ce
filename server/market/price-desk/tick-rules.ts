// Pure and allocation-light: it runs for every raw tick. Prices are whole ticks (price-ticks.ts) from here on.
import type { RawTick } from '../sources/price-source.ts';
import { NOT_PLAIN, TOO_FINE, unsignedScaledOf } from '../../../domain/numerics/parse.ts';
import { MAX_PRICE_PRECISION, textToTicks } from '../price-ticks.ts';
import type { PriceRule, SpreadMode } from './desk-config.ts';

/** Counted per source and shown to the operator. */
export const REJECT_REASONS = [
  'malformed', // not a tick at all, or a message the source could not use (SourceSink.malformed)
  'unknown_symbol', // no instrument is mapped to this symbol on this source
  'bad_price', // negative, zero, NaN, not a plain decimal
  'crossed', // bid above ask
  'precision', // more decimals than the instrument's PricePrecision
  'future_time', // stamped later than now + the clock-skew allowance
  'old_time', // stamped earlier than now − the oldest age accepted
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export interface TimeLimits {
  futureMs: number;
  pastMs: number;
}

/** -1 unknown: an incremental may move one side only. */
export interface SideQuote {
  bid: number;
  ask: number;
  last: number;
}

/** `undefined` text means the field was not sent (-1). */
export function priceField(text: unknown, precision: number): number | RejectReason {
  if (text === undefined) return -1;
  if (typeof text !== 'string') return 'malformed';
  // Bounded before reading: a source's text is read for every side of every raw tick (the decoder allocates nothing).
  const ticks = text.length > 64 || precision > MAX_PRICE_PRECISION ? NOT_PLAIN : unsignedScaledOf(text, precision);
  if (ticks === TOO_FINE) return 'precision';
  return ticks > 0 ? ticks : 'bad_price';
}

/** Merged over the sides the source gave before; `into` is left untouched on a refusal. */
export function checkTick(
  raw: RawTick,
  precision: number,
  now: number,
  limits: TimeLimits,
  prev: SideQuote,
  into: SideQuote,
): RejectReason | null {
  const t = raw.sourceTime;
  if (typeof t !== 'number' || !Number.isFinite(t)) return 'malformed';
  if (t > now + limits.futureMs) return 'future_time';
  if (t < now - limits.pastMs) return 'old_time';
  const bid = priceField(raw.bid, precision);
  if (typeof bid === 'string') return bid;
  const ask = priceField(raw.ask, precision);
  if (typeof ask === 'string') return ask;
  const last = priceField(raw.last, precision);
  if (typeof last === 'string') return last;
  if (bid < 0 && ask < 0 && last < 0) return 'malformed';
  const b = bid >= 0 ? bid : prev.bid;
  const a = ask >= 0 ? ask : prev.ask;
  if (b >= 0 && a >= 0 && b > a) return 'crossed';
  into.bid = b;
  into.ask = a;
  into.last = last >= 0 ? last : prev.last;
  return null;
}

/** mid rounds half a tick up; a trades-only source is priced by last; -1 when the sides cannot make a price. */
export function makePrice(rule: PriceRule, q: SideQuote): number {
  const mid = q.bid >= 0 && q.ask >= 0 ? Math.round((q.bid + q.ask) / 2) : -1;
  switch (rule) {
    case 'mid':
      return mid >= 0 ? mid : q.last;
    case 'bid':
      return q.bid >= 0 ? q.bid : q.last;
    case 'ask':
      return q.ask >= 0 ? q.ask : q.last;
    case 'last':
      return q.last >= 0 ? q.last : mid;
  }
}

export function offsetTicks(text: string, precision: number): number | null {
  const neg = text.startsWith('-');
  const ticks = textToTicks(neg ? text.slice(1) : text.replace(/^\+/, ''), precision);
  if (ticks === null) return null;
  return neg ? -ticks : ticks;
}

/** One price when bid === ask. */
export interface TwoSides {
  bid: number;
  ask: number;
}

/** docs/market-data.md "Spread"; the caller refuses a bid that is not positive. */
export function markUp(
  mode: SpreadMode | null,
  points: number,
  price: number,
  offset: number,
  q: SideQuote,
  into: TwoSides,
): void {
  const below = Math.floor(points / 2);
  if (mode === 'widen' && q.bid >= 0 && q.ask >= 0) {
    into.bid = q.bid + offset - below;
    into.ask = q.ask + offset + (points - below);
    return;
  }
  if (mode === null || points === 0) {
    into.bid = price;
    into.ask = price;
    return;
  }
  into.bid = price - below;
  into.ask = into.bid + points;
}
