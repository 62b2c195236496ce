// The places of the house's exact numbers, named once: money, ratios and account balances are integer counts of
// 10^-places (or decimal text with that many decimals), and every module that scales between them reads them here.
// No imports: the server, the worker and the app's first screen may all load it; the computed constants are marked
// pure so a bundle that does not use them (the first screen) drops them.

/** Every amount that moves (margin, fee, realised and floating P&L) is rounded half-up to this many places, so the
 * wire's 6-decimal realised P&L, margin and fee are the exact amounts the ledger holds (docs/contract.md §9: profit 6). */
export const MONEY_PLACES = 6;
/** Ratios (risk rate, prepayment; 1 = 100 %): 4 places give 0.01 % resolution. */
export const RATIO_PLACES = 4;
/** Account amounts (accounts.balance NUMERIC(24, 8), the wire's balances): sums of them are kept in 10^-8 USD. */
export const ACCOUNT_PLACES = 8;
/** A percent on screen (a quote's change, a risk rate): 2 decimals. */
export const PERCENT_PLACES = 2;

/** 10^n as an exact double, n = 0 … 22 (10^23 is not exact). */
export const POW10: readonly number[] = /* @__PURE__ */ Array.from({ length: 23 }, (_, i) => 10 ** i);

/** 10^n as a BigInt (any n ≥ 0). */
export const pow10n = (n: number): bigint => 10n ** BigInt(n);

/** Account units (10^-ACCOUNT_PLACES) per micro-USD (10^-MONEY_PLACES). */
export const MONEY_TO_ACCOUNT = /* @__PURE__ */ pow10n(ACCOUNT_PLACES - MONEY_PLACES);
