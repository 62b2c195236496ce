// Kept in localStorage per instrument, so the line is there on the next visit.
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

/** At the instrument's precision. */
export function priceLineOf(code: string): string | null {
  return readAll()[code] ?? null;
}

/** null forgets it. */
export function keepPriceLine(code: string, price: string | null): void {
  const all = readAll();
  if (price === null) delete all[code];
  else all[code] = price;
  localStore()?.setItem(PRICE_LINES_KEY, JSON.stringify(all));
}
