// Money and price rounding rules of the engine: every amount that moves is a 6-decimal exact value, every price
// travels at its instrument's PricePrecision. Built only on src/domain (the same maths the client's worker uses).
import { D, fixed, type Dec } from '../../src/domain/decimal.ts';
import { usd, type Usd } from '../../src/domain/units.ts';

/** Amounts (margin, fee, realised P&L) are rounded half-up to this many places before they move, so the wire's
 * 6-decimal FactProfits/CautionMoney/TradeFee are the exact amounts the ledger holds. */
export const MONEY_PLACES = 6;

export function money(v: Dec): Usd {
  return usd(v.toDecimalPlaces(MONEY_PLACES, D.ROUND_HALF_UP));
}

export function moneyText(v: Dec | string): string {
  return fixed(v, MONEY_PLACES);
}

export function priceText(v: Dec | string, precision: number): string {
  return fixed(v, precision);
}

/** Decimal places written in a decimal text ("1.2300" → 4). */
export function placesOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

