// Money text, the one formatter of USD amounts on the wire and on screen, with named options for its variants:
// exactly MONEY_PLACES decimals by default (the wire's margins, fees and P&L), other places (the screens' 2), trimmed
// past the cents (previews, margins shown), exact (the ledger's balances: every decimal the amount has, at least 2),
// and signed (a P&L with its '+'). String arithmetic (numerics/round.ts): no decimal.js at run time, so the first
// screen's balances cost no library. The language's digits and grouping are src/i18n/format.ts's formatMoney, over this.
import type { Dec } from '../decimal.ts';
import { dirOfText, isDecimalText, trimZeros, type Dir } from '../decimal-text.ts';
import { MONEY_PLACES } from '../numerics/places.ts';
import { roundText } from '../numerics/round.ts';

/** What a missing or malformed amount shows by default. */
export const NO_VALUE = '--';

export interface MoneyTextOptions {
  /** Decimals shown, rounded half-up: MONEY_PLACES (6) by default; the screens show balances with 2 (docs/contract.md §9). */
  places?: number;
  /** Every decimal the amount has, not rounded (and trimmed to at least 2): the ledger's balances. */
  exact?: boolean;
  /** Trailing zeros past the second decimal dropped: 12.500000 → 12.50, 0.000150 → 0.00015. */
  trim?: boolean;
  /** A '+' before an amount above zero (a P&L). */
  signed?: boolean;
  /** What a missing or malformed amount shows: NO_VALUE by default. */
  missing?: string;
}

/** The plain decimal text of an amount, or null when it has none (a malformed string, NaN, an infinity). */
function plainText(v: Dec | string | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return isDecimalText(v) ? v : null;
  return v.isFinite() ? v.toFixed() : null;
}

/** '12.500000' by default; see MoneyTextOptions for the variants; NO_VALUE for a missing or malformed amount. */
export function moneyText(v: Dec | string | null | undefined, opts: MoneyTextOptions = {}): string {
  const plain = plainText(v);
  if (plain === null) return opts.missing ?? NO_VALUE;
  // Exact: rounding to the places the text already has only normalises it ("007.50" → "7.50", "-0" → "0").
  const dot = plain.indexOf('.');
  let text = roundText(plain, opts.exact ? (dot < 0 ? 0 : plain.length - dot - 1) : (opts.places ?? MONEY_PLACES));
  if (opts.exact || opts.trim) text = trimZeros(text, 2);
  if (opts.signed && !text.startsWith('-') && /[1-9]/.test(text)) text = `+${text}`;
  return text;
}

/** The ledger's amounts on the wire (balances, records, charges): exact, trimmed, at least two decimals ("100000.00"). */
export const exactMoneyText = (v: Dec | string): string => moneyText(v, { exact: true });

/** The colour of a P&L as shown (its MONEY_PLACES digits): one that rounds to 0.000000, or none, is flat. */
export const pnlDir = (v: Dec | string | null | undefined): Dir => dirOfText(moneyText(v, { missing: '0' }));
