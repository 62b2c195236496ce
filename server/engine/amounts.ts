// The money rounding rule is domain/trade-maths.ts's, shared with the worker's previews.
export { priceText } from '../../domain/format/price.ts';

/** "1.2300" → 4. */
export function placesOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}
