// Financial record types (financial_records.type). SPEC §2: type 10 shows its memo as the history text.
// The trading engine adds its own (margin, fee, profit) in the 20s.
export const RecordType = {
  DEMO_FUNDS: 1, // initial demo balance
  DEMO_RESET: 2, // demo account restored to its starting balance
  MEMO: 10, // an adjustment whose memo is shown as is
} as const;

/** Fixed-term funds (server/funds/, docs/funds.md): the 40s. */
export const FundRecord = {
  SUBSCRIBE: 41, // the amount leaves the balance into a subscription
  INCOME: 42, // one fund day's income
  PRINCIPAL_RETURN: 43, // the amount back at maturity
  REDEEM_REFUND: 44, // the amount back on early redemption
  REDEEM_PENALTY: 45, // the early-redemption penalty (negative)
} as const;
/** A record type: the ones above, or another module's (the engine's 20s). */
export type RecordTypeValue = number;

export const DEMO_BALANCE = '100000';
