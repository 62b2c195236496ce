// Prices inside the market are whole "ticks" (price × 10^PricePrecision, an exact integer): comparing, aggregating and
// formatting them is exact and cheap on the tick path. These helpers convert to the wire's decimal text and back
// (reading it is domain/numerics/parse.ts's one decoder).
import { unsignedScaledOf } from '../../domain/numerics/parse.ts';
import { POW10 } from '../../domain/numerics/places.ts';
import { divRoundInt } from '../../domain/numerics/round.ts';
import { scaledText } from '../../domain/numerics/scale.ts';

/** The finest PricePrecision the market takes. */
export const MAX_PRICE_PRECISION = 10;

export function tickScale(precision: number): number {
  const s = precision <= MAX_PRICE_PRECISION ? POW10[precision] : undefined;
  if (s === undefined) throw new RangeError(`unsupported price precision ${precision}`);
  return s;
}

/** Exact decimal text with exactly `precision` decimals, e.g. (108123, 5) → "1.08123". */
export const ticksToText = (ticks: number, precision: number): string => scaledText(ticks, precision);

/** Chart number (kline OHLC travel as numbers): the closest double to the exact price. */
export const ticksToNumber = (ticks: number, precision: number): number => ticks / tickScale(precision);

/** Rounds a float price to whole ticks (never below one tick: simulated prices stay positive). */
export function priceToTicks(price: number, precision: number): number {
  return Math.max(1, Math.round(price * tickScale(precision)));
}

/**
 * Parses decimal text to ticks exactly. Returns null when the text is not a plain positive decimal or has more
 * decimals than the precision (a price must be representable at the instrument's precision).
 */
export function textToTicks(text: string, precision: number): number | null {
  tickScale(precision); // refuses an unsupported precision
  const ticks = unsignedScaledOf(text.trim(), precision);
  return ticks >= 0 ? ticks : null;
}

/**
 * Percent change of close against open with 2 decimals, half away from zero, e.g. "-0.35".
 * Works on integers: (close − open) × 10000 / open is an exact ratio of integers, rounded once (domain/numerics/round.ts).
 */
export function changePercentText(closeTicks: number, openTicks: number): string {
  if (openTicks <= 0) return '0.00';
  return ticksToText(divRoundInt((closeTicks - openTicks) * 10_000, openTicks), 2);
}
