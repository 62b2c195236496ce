// A withdraw currency's fee terms (docs/contract.md §5) as exact decimal text.
import type { WithdrawCurrency } from '../../domain/wallet-types.ts';
import { queryOne, type Queryable } from '../db/db.ts';

export interface CurrencyTerms extends WithdrawCurrency {
  type: 1 | 2;
}

export async function currencyById(q: Queryable, id: number): Promise<CurrencyTerms | null> {
  return queryOne<CurrencyTerms>(
    q,
    'SELECT id, type, code, protocol, draw_rate, fee_type, usd_price FROM withdraw_currencies WHERE id = $1 AND enabled = 1',
    [id],
  );
}
