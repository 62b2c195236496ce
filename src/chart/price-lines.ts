// The trader's price line per instrument: placed on the chart by a long press (touch) or a click (mouse),
// dragged to move, turned into a price alert with one tap. One line per instrument, kept in this browser's
// localStorage so it is there on the next visit to that instrument.
import { isDecimalText } from '../../domain/decimal-text.ts';
import { localStore } from '../state/shell/local-store.ts';

export const PRICE_LINES_KEY = 'tw:price-lines';

function readAll(): Record<string, string> {
  const raw = localStore()?.getItem(PRICE_LINES_KEY);
  if (!raw) return {};
  try {
    const v: unknown = JSON.parse(raw);
    if (!v || typeof v !== 'object') return {};
    return Object.fromEntries(
      Object.entries(v).filter((e): e is [string, string] => isDecimalText(e[1]) && !e[1].startsWith('-')),
    );
  } catch {
    return {};
  }
}

/** The line's price (text at the instrument's precision) for an instrument, or null. */
export function priceLineOf(code: string): string | null {
  return readAll()[code] ?? null;
}

/** Keeps (or with null, forgets) an instrument's line. */
export function keepPriceLine(code: string, price: string | null): void {
  const all = readAll();
  if (price === null) delete all[code];
  else all[code] = price;
  localStore()?.setItem(PRICE_LINES_KEY, JSON.stringify(all));
}
