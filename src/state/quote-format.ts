// Quote text for the painter: price at PricePrecision, change as a signed percent. Called per changed quote, so it
// stays cheap: toFixed on a number, no Intl object and no intermediate object per call.

const MAX_PLACES = 12;

/** Sign of a change, for the up/down colour. */
export type Dir = 'up' | 'down' | 'flat';

export function formatPrice(v: number, precision: number): string {
  const p = Number.isInteger(precision) ? Math.min(Math.max(precision, 0), MAX_PLACES) : 2;
  return v.toFixed(p);
}

/** Percent rounded to the 2 places shown, so the sign and colour always match the digits ('-0.00%' never shows). */
export function roundChange(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  const r = Math.round(percent * 100) / 100;
  return r === 0 ? 0 : r; // folds -0 into 0
}

/** '+0.35%', '-1.20%', '0.00%' from a rounded change. */
export function changeText(r: number): string {
  return r > 0 ? `+${r.toFixed(2)}%` : `${r.toFixed(2)}%`;
}

export function changeDir(r: number): Dir {
  return r > 0 ? 'up' : r < 0 ? 'down' : 'flat';
}
