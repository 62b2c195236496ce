// Price text of the engine: every price travels at its instrument's PricePrecision. The money rounding rule
// (money(), MONEY_PLACES, moneyText) is domain/trade-maths.ts's, shared with the worker's previews.
export { priceText } from '../../domain/format/price.ts';

/** Decimal places written in a decimal text ("1.2300" → 4). */
export function placesOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}
