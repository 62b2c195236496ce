// Lots at the decimals of the instrument's step, so "2 lots" and "0.01 lots" never sit side by side.
import { isDecimalText } from '../decimal-text.ts';
import { roundText } from '../numerics/round.ts';

/** The catalog's usual step, while the list is not loaded yet. */
const DEFAULT_PLACES = 2;

/** "0.010" → 2, "1" → 0. */
function significantPlaces(text: string): number {
  const dot = text.indexOf('.');
  if (dot < 0) return 0;
  return text.slice(dot + 1).replace(/0+$/, '').length;
}

/** A quantity finer than its step (never stored) keeps its own decimals; '' for text that is not a number. */
export function lotsText(quantity: string | null | undefined, step?: string | null): string {
  const text = quantity?.trim() ?? '';
  if (!isDecimalText(text)) return '';
  const stepPlaces = step && isDecimalText(step.trim()) ? significantPlaces(step.trim()) : DEFAULT_PLACES;
  return roundText(text, Math.max(stepPlaces, significantPlaces(text)));
}
