// docs/copy-trading.md "Statistics that cannot be gamed": margin moves are neither results nor flows.
import { DAY_MS } from '../../domain/time.ts';
import { indexCurve, performance, riskScore, type EquityEvent, type RiskInputs } from '../../domain/copy-statistics.ts';
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

export const CURVE_DAYS = 30;
export const RISK_DAYS = 90;

export interface WindowPosition {
  instrument_id: number;
  notional: string;
  at: string;
}

/** Notional = margin × leverage; a fixed-margin position (leverage 0) counts its margin alone. */
function windowPositions(q: Queryable, userId: number, from: number): Promise<WindowPosition[]> {
  return q.query<WindowPosition>(
    `SELECT instrument_id, (caution_money * GREATEST(multiple, 1))::text AS notional, filled_at AS at
       FROM orders WHERE user_id = $1 AND status IN (1, 3) AND filled_at IS NOT NULL AND filled_at >= $2
      ORDER BY filled_at, id`,
    [userId, from],
  );
}

/** Concentration is Σ (instrument's share of the window's notional)². */
export function riskInputs(
  events: readonly EquityEvent[],
  positions: readonly WindowPosition[],
  from: number,
): RiskInputs {
  const dailyReturns: Dec[] = [];
  let previous = dec(1);
  for (const v of indexCurve(events, from, DAY_MS, RISK_DAYS)) {
    dailyReturns.push(v.div(previous).minus(1));
    previous = v;
  }
  let equity = dec(0);
  let k = 0;
  let leverageSum = dec(0);
  let counted = 0;
  const byInstrument = new Map<number, Dec>();
  let total = dec(0);
  for (const p of positions) {
    for (; k < events.length && (events[k]?.at ?? Infinity) < Number(p.at); k++)
      equity = equity.plus(events[k]?.value ?? 0);
    if (equity.gt(0)) {
      leverageSum = leverageSum.plus(dec(p.notional).div(equity));
      counted++;
    }
    byInstrument.set(p.instrument_id, (byInstrument.get(p.instrument_id) ?? dec(0)).plus(p.notional));
    total = total.plus(p.notional);
  }
  let concentration = dec(0);
  if (total.gt(0)) for (const n of byInstrument.values()) concentration = concentration.plus(n.div(total).pow(2));
  return { dailyReturns, leverage: counted === 0 ? dec(0) : leverageSum.div(counted), concentration };
}

/** The open positions' floating P&L now is the last result. */
async function equityEvents(q: Queryable, userId: number, now: number, floating: DecInput) {
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

export async function providerStatistics(q: Queryable, userId: number, now: number, floating: DecInput) {
  const events = await equityEvents(q, userId, now, floating);
  const over = (days: number): Dec => performance(events, now - days * DAY_MS).twr;
  const all = performance(events);
  const [closed] = await q.query<{ n: string; wins: string }>(
    `SELECT count(*) AS n, count(*) FILTER (WHERE fact_profits > 0) AS wins
       FROM orders WHERE user_id = $1 AND status = 3 AND close_reason NOT IN ('cancel', 'expired')`,
    [userId],
  );
  const n = Number(closed?.n ?? 0);
  const from = now - RISK_DAYS * DAY_MS;
  const risk = riskScore(riskInputs(events, await windowPositions(q, userId, from), from));
  return {
    returns: { d7: over(7), d30: over(30), d90: over(90), all: all.twr },
    maxDrawdown: all.maxDrawdown,
    winRate: n === 0 ? dec(0) : dec(closed?.wins ?? 0).div(n),
    trades: n,
    curve: indexCurve(events, now - CURVE_DAYS * DAY_MS, DAY_MS, CURVE_DAYS),
    risk,
  };
}
