// Whole "ticks" (price × 10^PricePrecision) keep comparing and aggregating exact and cheap on the tick path.
import { unsignedScaledOf } from '../../domain/numerics/parse.ts';
import { POW10 } from '../../domain/numerics/places.ts';
import { divRoundInt } from '../../domain/numerics/round.ts';
import { scaledText } from '../../domain/numerics/scale.ts';

export const MAX_PRICE_PRECISION = 10;

export function tickScale(precision: number): number {
  const s = precision <= MAX_PRICE_PRECISION ? POW10[precision] : undefined;
  if (s === undefined) throw new RangeError(`unsupported price precision ${precision}`);
  return s;
}

/** E.g. (108123, 5) → "1.08123". */
export const ticksToText = (ticks: number, precision: number): string => scaledText(ticks, precision);

/** Kline OHLC travel as numbers. */
export const ticksToNumber = (ticks: number, precision: number): number => ticks / tickScale(precision);

/** Never below one tick: simulated prices stay positive. */
export function priceToTicks(price: number, precision: number): number {
  return Math.max(1, Math.round(price * tickScale(precision)));
}

/** null unless a plain positive decimal representable at the instrument's precision. */
export function textToTicks(text: string, precision: number): number | null {
  tickScale(precision); // refuses an unsupported precision
  const ticks = unsignedScaledOf(text.trim(), precision);
  return ticks >= 0 ? ticks : null;
}

/** Half away from zero; an exact ratio of integers rounded once (domain/numerics/round.ts). */
export function changePercentText(closeTicks: number, openTicks: number): string {
  if (openTicks <= 0) return '0.00';
  return ticksToText(divRoundInt((closeTicks - openTicks) * 10_000, openTicks), 2);
}
