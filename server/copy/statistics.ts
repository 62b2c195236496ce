// A provider's statistics from their real account's ledger and positions (docs/copy-trading.md "Statistics that
// cannot be gamed"): every financial record is a trading result (fee, fee refund, realised P&L, swap) or a flow of
// money in or out (a deposit, a withdrawal, a credit, a copy's funding, a fee earned); margin moves between the
// balance and the lock are neither. The open positions' floating P&L is the last result. Returns over 7/30/90 days
// and all time, the drawdown, the win rate and the trades.
import { DAY_MS } from '../../domain/time.ts';
import { indexCurve, performance, type EquityEvent } from '../../domain/copy-statistics.ts';
import { dec, type Dec, type DecInput } from '../../domain/decimal.ts';
import type { Queryable } from '../db/db.ts';
import { RecordType } from '../ledger/record-types.ts';

const RESULTS: ReadonlySet<number> = new Set([
  RecordType.TRADE_FEE,
  RecordType.FEE_REFUND,
  RecordType.PROFIT,
  RecordType.SWAP,
]);
const INSIDE: ReadonlySet<number> = new Set([RecordType.MARGIN_LOCK, RecordType.MARGIN_RELEASE]);

export interface ProviderStatistics {
  returns: { d7: Dec; d30: Dec; d90: Dec; all: Dec };
  maxDrawdown: Dec;
  /** Winning closed positions ÷ closed positions (0 with none). */
  winRate: Dec;
  trades: number;
  /** The time-weighted index at the end of each of the last 30 days (1 thirty days ago): the equity curve. */
  curve: Dec[];
}

/** Days the equity curve covers. */
export const CURVE_DAYS = 30;

/** The account's equity events in order, with the open positions' floating P&L now as the last result. */
export async function equityEvents(q: Queryable, userId: number, now: number, floating: DecInput) {
  const rows = await q.query<{ value: string; type: number; created_at: string }>(
    'SELECT value, type, created_at FROM financial_records WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  const events: EquityEvent[] = [];
  for (const r of rows) {
    if (INSIDE.has(r.type)) continue;
    events.push({ at: Number(r.created_at), kind: RESULTS.has(r.type) ? 'result' : 'flow', value: r.value });
  }
  if (!dec(floating).isZero()) events.push({ at: now, kind: 'result', value: floating });
  return events;
}

export async function providerStatistics(
  q: Queryable,
  userId: number,
  now: number,
  floating: DecInput,
): Promise<ProviderStatistics> {
  const events = await equityEvents(q, userId, now, floating);
  const over = (days: number): Dec => performance(events, now - days * DAY_MS).twr;
  const all = performance(events);
  const [closed] = await q.query<{ n: string; wins: string }>(
    `SELECT count(*) AS n, count(*) FILTER (WHERE fact_profits > 0) AS wins
       FROM orders WHERE user_id = $1 AND status = 3 AND close_reason NOT IN ('cancel', 'expired')`,
    [userId],
  );
  const n = Number(closed?.n ?? 0);
  return {
    returns: { d7: over(7), d30: over(30), d90: over(90), all: all.twr },
    maxDrawdown: all.maxDrawdown,
    winRate: n === 0 ? dec(0) : dec(closed?.wins ?? 0).div(n),
    trades: n,
    curve: indexCurve(events, now - CURVE_DAYS * DAY_MS, DAY_MS, CURVE_DAYS),
  };
}
