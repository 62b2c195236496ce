// Every module's financial record types in one list, so no two reuse a number; docs/wallet.md describes them.
import type { Language } from '../../domain/types.ts';
import { translate } from '../http/i18n.ts';
export const RecordType = {
  DEMO_FUNDS: 1, // initial demo balance
  DEMO_RESET: 2, // demo account restored to its starting balance
  MEMO: 10, // an adjustment whose memo is shown as is
  MARGIN_LOCK: 21, // available → locked when an order is placed (the order engine's, server/engine/)
  MARGIN_RELEASE: 22, // locked → available when an order closes or is cancelled
  TRADE_FEE: 23, // handling fee charged when an order is placed
  FEE_REFUND: 24, // the fee of a cancelled pending order, given back
  PROFIT: 25, // realised P&L of a closed position (negative for a loss)
  SWAP: 26, // one rollover's swap on a position (negative = charged), once per position and rollover (server/swaps/)
  DEPOSIT: 31, // a charge approved by an operator: + balance
  WITHDRAW_FROZEN: 32, // a withdrawal requested: − balance, + lock
  WITHDRAW_PAID: 33, // paid out by an operator: − lock only, recorded with value 0 so the history shows it
  WITHDRAW_RELEASED: 34, // rejected by an operator: + balance, − lock
  OPERATOR_CREDIT: 35, // credited by an operator (a correction, a bonus): + balance
  FUND_SUBSCRIBE: 41, // the amount leaves the balance into a fund subscription
  FUND_INCOME: 42, // one fund day's interest, paid once per (subscription, day)
  FUND_PRINCIPAL: 43, // the amount back at maturity
  FUND_REDEEM: 44, // the amount back on early redemption
  FUND_PENALTY: 45, // the early-redemption penalty (liquidated damages)
  COPY_FUND_OUT: 51, // the follower's money into a copy (start, add): − balance (server/copy/)
  COPY_FUND_IN: 52, // the same money into the copy account: + balance
  COPY_RETURN_OUT: 53, // out of the copy account (withdraw, stop): − balance
  COPY_RETURN_IN: 54, // the same money back into the follower's account: + balance
  COPY_FEE_OUT: 55, // a performance fee out of the copy account, once per copy and period
  COPY_FEE_IN: 56, // the same fee into the provider's account
} as const;

export type RecordTypeValue = (typeof RecordType)[keyof typeof RecordType];

export const DEMO_BALANCE = '100000';

/** A record's description in a language; type 10 and a type without a text show the memo (docs/contract.md §2). */
export function recordText(lang: Language, type: number, memo: string): string {
  const key = `records.t${type}`;
  const text = translate(lang, key, { memo });
  return type === RecordType.MEMO || text === key ? memo : text;
}
