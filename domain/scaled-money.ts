// Money on the worker's hot path as scaled BigInts, rounded exactly like money() (money-agreement.test.ts checks).
import { parseScaled, type Scaled } from './numerics/parse.ts';
import { MONEY_PLACES, pow10n, RATIO_PLACES } from './numerics/places.ts';
import { divRound } from './numerics/round.ts';
import { rescale, roundTo, scaledText } from './numerics/scale.ts';

/** Prepared once, so a quote's P&L costs a subtraction, a multiplication and one rounding division. */
export interface ScaledPosition {
  open: Scaled;
  /** Signed by side: negative for a sell. */
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

/** Exactly positionPnl() of domain/trade-maths.ts. */
export function pnlMicros(p: ScaledPosition, current: string): bigint {
  const cur = parseScaled(current);
  const places = Math.max(cur.places, p.open.places);
  const move = rescale(cur, places) - rescale(p.open, places);
  return roundTo(move * p.factor.units, places + p.factor.places, MONEY_PLACES);
}

export const microsText = (micros: bigint): string => scaledText(micros, MONEY_PLACES);

/** Both in the same units. */
export function ratioOf(a: bigint, b: bigint): string {
  return scaledText(divRound(a * pow10n(RATIO_PLACES), b), RATIO_PLACES);
}
