// Lots at the decimals of the instrument's step, so "2 lots" and "0.01 lots" never sit side by side.
import { isDecimalText } from '../decimal-text.ts';
import { placesNeeded } from '../numerics/parse.ts';
import { roundText } from '../numerics/round.ts';

/** The catalog's usual step, while the list is not loaded yet. */
const DEFAULT_PLACES = 2;

/** A quantity finer than its step (never stored) keeps its own decimals; '' for text that is not a number. */
export function lotsText(quantity: string | null | undefined, step?: string | null): string {
  const text = quantity?.trim() ?? '';
  if (!isDecimalText(text)) return '';
  const stepPlaces = step && isDecimalText(step.trim()) ? placesNeeded(step.trim()) : DEFAULT_PLACES;
  return roundText(text, Math.max(stepPlaces, placesNeeded(text)));
}
