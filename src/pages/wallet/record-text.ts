// The history text of a financial record (SPEC §2 /mine/history): the memo itself for type 10 (memo-only
// records), otherwise the translated transaction memo the server sent.
import type { FinancialRecord } from '../../api/wallet.ts';

export const MEMO_ONLY_TYPE = 10;

export function recordText(r: Pick<FinancialRecord, 'Type' | 'Memo' | 'MemoTran'>): string {
  if (r.Type === MEMO_ONLY_TYPE) return r.Memo;
  return r.MemoTran || r.Memo;
}

/** Sign of a record's value for its colour: credits up, debits down, zero (a paid withdrawal) neutral. */
export function valueSign(value: string): 'up' | 'down' | 'flat' {
  if (value.startsWith('-')) return 'down';
  return /[1-9]/.test(value) ? 'up' : 'flat';
}
