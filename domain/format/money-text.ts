// The one formatter of USD amounts, in string arithmetic so the first screen's balances load no decimal.js.
import type { Dec } from '../decimal.ts';
import { dirOfText, isDecimalText, trimZeros, type Dir } from '../decimal-text.ts';
import { MONEY_PLACES } from '../numerics/places.ts';
import { plusSigned, roundText } from '../numerics/round.ts';

export const NO_VALUE = '--';

export interface MoneyTextOptions {
  /** Rounded half-up; the screens show balances with 2 (docs/contract.md §9). */
  places?: number;
  /** Not rounded, at least 2: the ledger's balances. */
  exact?: boolean;
  /** Past the second decimal: 12.500000 → 12.50, 0.000150 → 0.00015. */
  trim?: boolean;
  /** A P&L's '+' before an amount above zero. */
  signed?: boolean;
  missing?: string;
}

/** null for a malformed string, NaN or an infinity. */
function plainText(v: Dec | string | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return isDecimalText(v) ? v : null;
  return v.isFinite() ? v.toFixed() : null;
}

/** '12.500000' by default; NO_VALUE for a missing or malformed amount. */
export function moneyText(v: Dec | string | null | undefined, opts: MoneyTextOptions = {}): string {
  const plain = plainText(v);
  if (plain === null) return opts.missing ?? NO_VALUE;
  // Exact: rounding to the places the text already has only normalises it ("007.50" → "7.50", "-0" → "0").
  const dot = plain.indexOf('.');
  let text = roundText(plain, opts.exact ? (dot < 0 ? 0 : plain.length - dot - 1) : (opts.places ?? MONEY_PLACES));
  if (opts.exact || opts.trim) text = trimZeros(text, 2);
  return opts.signed ? plusSigned(text) : text;
}

/** The ledger's amounts on the wire: exact, trimmed, at least two decimals ("100000.00"). */
export const exactMoneyText = (v: Dec | string): string => moneyText(v, { exact: true });

/** Judged on its MONEY_PLACES digits, as shown: one that rounds to 0.000000 is flat. */
export const pnlDir = (v: Dec | string | null | undefined): Dir => dirOfText(moneyText(v, { missing: '0' }));
