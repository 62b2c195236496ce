// Lots text, the one formatter: a number of lots written at the decimals of its instrument's lot step (the catalog's
// `Pip`), so "2 lots" and "0.01 lots" never sit side by side — the same position reads "2.00 lots" on the history
// rows, the holding list, the order form, the close sheet, the chart's tags and the statements. Exact (string
// arithmetic on the server's decimal text); a quantity finer than its step (never stored) keeps its own decimals.
import { isDecimalText } from '../decimal-text.ts';
import { roundText } from '../numerics/round.ts';

/** Without a known step (the list not loaded yet): the catalog's usual step, 0.01. */
const DEFAULT_PLACES = 2;

/** Decimals a text needs once its trailing zeros are gone ("0.010" → 2, "1" → 0). */
function significantPlaces(text: string): number {
  const dot = text.indexOf('.');
  if (dot < 0) return 0;
  return text.slice(dot + 1).replace(/0+$/, '').length;
}

/** '2' with step '0.01' → '2.00'; '0.5' with step '0.1' → '0.5'; '' for text that is not a number. */
export function lotsText(quantity: string | null | undefined, step?: string | null): string {
  const text = quantity?.trim() ?? '';
  if (!isDecimalText(text)) return '';
  const stepPlaces = step && isDecimalText(step.trim()) ? significantPlaces(step.trim()) : DEFAULT_PLACES;
  return roundText(text, Math.max(stepPlaces, significantPlaces(text)));
}
