// Exact money on the worker's hot path: a holding's P&L as scaled BigInt integers (numerics/), rounded exactly like
// money() (half away from zero, decimal.js ROUND_HALF_UP). A quote's P&L costs a subtraction, a multiplication and
// one rounding division instead of a chain of decimal.js objects. tests/unit/domain/scaled-money.test.ts and
// tests/unit/house/money-agreement.test.ts check it against the decimal reference to the last digit.
import { parseScaled, type Scaled } from './numerics/parse.ts';
import { MONEY_PLACES, pow10n, RATIO_PLACES } from './numerics/places.ts';
import { divRound } from './numerics/round.ts';
import { rescale, roundTo, scaledText } from './numerics/scale.ts';

/** A holding prepared once: P&L per quote is then (current − open) × factor, rounded to micro-USD. */
export interface ScaledPosition {
  open: Scaled;
  /** lots × units per lot, with the sign of the side (negative for a sell). */
  factor: Scaled;
}

export function scaledPosition(
  side: 'buy' | 'sell',
  quantity: string,
  unitsPerLot: string,
  openPrice: string,
): ScaledPosition {
  const q = parseScaled(quantity);
  const c = parseScaled(unitsPerLot);
  const units = q.units * c.units;
  return {
    open: parseScaled(openPrice),
    factor: { units: side === 'buy' ? units : -units, places: q.places + c.places },
  };
}

/** P&L in micro-USD (10^-MONEY_PLACES), exactly positionPnl() of domain/trade-maths.ts. */
export function pnlMicros(p: ScaledPosition, current: string): bigint {
  const cur = parseScaled(current);
  const places = Math.max(cur.places, p.open.places);
  const move = rescale(cur, places) - rescale(p.open, places);
  return roundTo(move * p.factor.units, places + p.factor.places, MONEY_PLACES);
}

/** Money text of micro-USD: exactly MONEY_PLACES decimals. */
export const microsText = (micros: bigint): string => scaledText(micros, MONEY_PLACES);

/** A ratio a / b as text with RATIO_PLACES decimals (half away from zero); both in the same units. */
export function ratioOf(a: bigint, b: bigint): string {
  return scaledText(divRound(a * pow10n(RATIO_PLACES), b), RATIO_PLACES);
}
