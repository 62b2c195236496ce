// Money text, the one formatter (USD amounts on the wire and on screen), with named options for its variants:
// exactly MONEY_PLACES decimals (the wire's margins, fees and P&L), trimmed past the cents (previews, margins shown),
// exact (the ledger's balances: every decimal the amount has, at least 2), and signed (a P&L with its '+').
import { dec, fixed, type DecInput } from './decimal.ts';
import { isDecimalText, trimZeros } from './decimal-text.ts';
import { MONEY_PLACES } from './money.ts';

/** What a missing or malformed amount shows. */
export const NO_VALUE = '--';

export interface MoneyTextOptions {
  /** Every decimal the amount has, not rounded to MONEY_PLACES (and trimmed to at least 2): the ledger's balances. */
  exact?: boolean;
  /** Trailing zeros past the second decimal dropped: 12.500000 → 12.50, 0.000150 → 0.00015. */
  trim?: boolean;
  /** A '+' before an amount above zero (a P&L). */
  signed?: boolean;
}

/** '12.500000' by default; see MoneyTextOptions for the variants; NO_VALUE for a missing or malformed amount. */
export function moneyText(v: DecInput | null | undefined, opts: MoneyTextOptions = {}): string {
  if (v === null || v === undefined || (typeof v === 'string' && !isDecimalText(v))) return NO_VALUE;
  const d = dec(v);
  if (!d.isFinite()) return NO_VALUE;
  let text = opts.exact ? d.toFixed() : fixed(d, MONEY_PLACES);
  if (opts.exact || opts.trim) text = trimZeros(text, 2);
  if (opts.signed && !text.startsWith('-') && /[1-9]/.test(text)) text = `+${text}`;
  return text;
}

/** The ledger's amounts on the wire (balances, records, charges): exact, trimmed, at least two decimals ("100000.00"). */
export const exactMoneyText = (v: DecInput): string => moneyText(v, { exact: true });
