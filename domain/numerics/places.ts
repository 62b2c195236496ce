// The places of the exact numbers; no imports, so the first screen may load it (unused constants are pure, dropped).

/** So the wire's 6-decimal P&L, margin and fee are exactly what the ledger holds (docs/contract.md §9: profit 6). */
export const MONEY_PLACES = 6;
/** 1 = 100 %: 4 places give 0.01 % resolution. */
export const RATIO_PLACES = 4;
/** accounts.balance is NUMERIC(24, 8): sums of balances are kept in 10^-8 USD. */
export const ACCOUNT_PLACES = 8;
export const PERCENT_PLACES = 2;

/** Up to 10^22: 10^23 is not an exact double. */
export const POW10: readonly number[] = /* @__PURE__ */ Array.from({ length: 23 }, (_, i) => 10 ** i);

export const pow10n = (n: number): bigint => 10n ** BigInt(n);

export const MONEY_TO_ACCOUNT = /* @__PURE__ */ pow10n(ACCOUNT_PLACES - MONEY_PLACES);
