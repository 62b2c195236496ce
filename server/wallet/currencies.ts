// A withdraw currency's fee terms (docs/contract.md §5) as exact decimal text.
import { queryOne, type Queryable } from '../db/db.ts';

export interface CurrencyTerms {
  id: number;
  type: 1 | 2;
  code: string;
  protocol: string;
  draw_rate: string;
  fee_type: number;
  usd_price: string;
}

export async function currencyById(q: Queryable, id: number): Promise<CurrencyTerms | null> {
  return queryOne<CurrencyTerms>(
    q,
    'SELECT id, type, code, protocol, draw_rate, fee_type, usd_price FROM withdraw_currencies WHERE id = $1 AND enabled = 1',
    [id],
  );
}
