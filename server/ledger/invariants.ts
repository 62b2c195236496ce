// The proof of "nothing lost, nothing half-made" that the fuzz, fault-injection and soak runs check often.
import type { Queryable } from '../db/db.ts';

export interface LedgerViolation {
  rule: 'records_vs_balance' | 'lock_vs_open' | 'negative' | 'order_half_made';
  userId: number;
  detail: string;
}

/** Each rule must hold at any committed instant, e.g. Σ financial_records.value = accounts.balance. */
export function ledgerViolations(q: Queryable): Promise<LedgerViolation[]> {
  return q.query<LedgerViolation>(
    `SELECT 'records_vs_balance' AS rule, a.user_id AS "userId",
            'balance ' || a.balance::text || ' ≠ records ' || COALESCE(f.s, 0)::text AS detail
       FROM accounts a
       LEFT JOIN (SELECT user_id, sum(value) AS s FROM financial_records GROUP BY user_id) f ON f.user_id = a.user_id
      WHERE a.balance <> COALESCE(f.s, 0)
     UNION ALL
     SELECT 'lock_vs_open', a.user_id, 'lock ' || a.lock_balance::text || ' ≠ open margins + pending withdrawals '
            || (COALESCE(o.s, 0) + COALESCE(w.s, 0))::text
       FROM accounts a
       LEFT JOIN (SELECT user_id, sum(caution_money) AS s FROM orders WHERE status IN (0, 1) GROUP BY user_id) o
         ON o.user_id = a.user_id
       LEFT JOIN (SELECT user_id, sum(number) AS s FROM withdrawals WHERE status = 0 GROUP BY user_id) w
         ON w.user_id = a.user_id
      WHERE a.lock_balance <> COALESCE(o.s, 0) + COALESCE(w.s, 0)
     UNION ALL
     SELECT 'negative', user_id, 'negative balance or lock' FROM accounts WHERE balance < 0 OR lock_balance < 0
     UNION ALL
     SELECT 'order_half_made', user_id, 'order ' || id || ' status ' || status FROM orders
      WHERE (status = 1 AND filled_at IS NULL)
         OR (status = 3 AND (completed_at IS NULL OR close_reason = ''))`,
  );
}

/** Equal before and after ⇒ nothing was written. */
export async function moneyFingerprint(q: Queryable): Promise<string> {
  const [row] = await q.query<Record<string, string>>(
    `SELECT
       (SELECT count(*) || '/' || COALESCE(sum(balance), 0) || '/' || COALESCE(sum(lock_balance), 0) FROM accounts) AS accounts,
       (SELECT count(*) || '/' || COALESCE(sum(value), 0) || '/' || COALESCE(max(id), 0) FROM financial_records) AS records,
       (SELECT count(*) || '/' || COALESCE(sum(caution_money), 0) || '/' || COALESCE(sum(status), 0) || '/'
               || COALESCE(sum(target_loss_price + target_profit_price), 0) FROM orders) AS orders,
       (SELECT count(*) || '/' || COALESCE(sum(number), 0) || '/' || COALESCE(sum(status), 0) FROM withdrawals) AS withdrawals,
       (SELECT count(*) || '/' || COALESCE(sum(status), 0) FROM charges) AS charges,
       (SELECT count(*) FROM users) AS users`,
  );
  return JSON.stringify(row ?? {});
}
