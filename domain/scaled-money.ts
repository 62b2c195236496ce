// Money on the worker's hot path as scaled BigInts, rounded exactly like money() (money-agreement.test.ts checks).
import { exactText } from './decimal.ts';
import { STOP_OUT_LEVEL } from './trade-maths.ts';
import { parseScaled, type Scaled } from './numerics/parse.ts';
import { ACCOUNT_PLACES, MONEY_PLACES, MONEY_TO_ACCOUNT, pow10n, RATIO_PLACES } from './numerics/places.ts';
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

/** STOP_OUT_LEVEL scaled once, for the worker's and the engine's integer paths. */
export const STOP_OUT_SCALED: Scaled = parseScaled(exactText(STOP_OUT_LEVEL));

/** Exactly stopOutDistance() of domain/trade-maths.ts: equity as shown (micro-USD), used margin in 10^-8 USD. */
export function stopOutMicros(equityMicros: bigint, margin: bigint): bigint {
  const { units, places } = STOP_OUT_SCALED;
  return roundTo(
    equityMicros * MONEY_TO_ACCOUNT * pow10n(places) - margin * units,
    ACCOUNT_PLACES + places,
    MONEY_PLACES,
  );
}
