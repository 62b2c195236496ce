// Computed on the market writer, which alone knows floating P&L (docs/retail-protection.md "The loss figure").
import type { Services } from '../core/services.ts';
import { dec, type Dec } from '../../domain/decimal.ts';
import { DAY_MS, type Clock } from '../../domain/time.ts';
import type { Usd } from '../../domain/units.ts';
import { queryOne, type Queryable } from '../db/db.ts';
import { startRepeatingJob, type RepeatingJob } from '../core/repeating-job.ts';
import type { RiskWarning } from '../../domain/retail.ts';
import { retailRulesApply } from './retail-terms.ts';

export const WINDOW_MS = 365 * DAY_MS;
/** The job looks once an hour whether this quarter's figure is missing. */
const CHECK_MS = 3_600_000;

export const LOSS_METHOD =
  'Real retail accounts (not demo, professional or internal) with a position closed in the 365 days to the date or ' +
  'open at it. P&L = realised P&L − trade fees + swaps of those positions + the floating P&L of the open ones at ' +
  'the date; an account loses when its P&L < 0. Percent = losing / accounts × 100, rounded half up.';

export interface LossFigure {
  id: number;
  computed_at: number;
  period_from: number;
  period_to: number;
  accounts: number;
  losing: number;
  percent: number;
  method: string;
  computed_by: string;
}

/** A cast column keeps its name: the times come back as numbers, as LossFigure has them. */
const FIGURE = `id, computed_at::float8, period_from::float8, period_to::float8, accounts, losing, percent, method,
  computed_by`;

/** Closed positions in [from, to), plus the open ones at `to`, after every cost. */
export async function accountResults(
  q: Queryable,
  from: number,
  to: number,
  floatingOf: (userId: number) => Usd,
): Promise<Map<number, Dec>> {
  const rows = await q.query<{ user_id: number; net: string; open: string }>(
    `SELECT o.user_id, SUM(o.fact_profits - o.trade_fee + o.swap)::text AS net,
       COUNT(*) FILTER (WHERE o.status = 1)::text AS open
     FROM orders o JOIN users u ON u.id = o.user_id
     WHERE u.is_demo = 0 AND u.client_category = 'retail' AND o.filled_at IS NOT NULL
       AND (o.status = 1 OR (o.status = 3 AND o.completed_at >= $1 AND o.completed_at < $2))
     GROUP BY o.user_id`,
    [from, to],
  );
  const out = new Map<number, Dec>();
  for (const r of rows) {
    const userId = Number(r.user_id);
    const floating = Number(r.open) > 0 ? floatingOf(userId) : dec(0);
    out.set(userId, dec(r.net).plus(floating));
  }
  return out;
}

/** A whole percent, half up; 0 accounts is no figure. */
export function lossPercent(losing: number, accounts: number): number | null {
  if (accounts === 0) return null;
  return Math.floor((losing * 200 + accounts) / (2 * accounts));
}

/** Null, storing nothing, when no retail account traded. */
export async function computeLossFigure(
  q: Queryable,
  now: number,
  floatingOf: (userId: number) => Usd,
  by: string,
): Promise<LossFigure | null> {
  const from = now - WINDOW_MS;
  const results = await accountResults(q, from, now, floatingOf);
  const accounts = results.size;
  const losing = [...results.values()].filter((pnl) => pnl.lt(0)).length;
  const percent = lossPercent(losing, accounts);
  if (percent === null) return null;
  const row = await queryOne<LossFigure>(
    q,
    `INSERT INTO loss_figures (computed_at, period_from, period_to, accounts, losing, percent, method, computed_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${FIGURE}`,
    [now, from, now, accounts, losing, percent, LOSS_METHOD, by],
  );
  if (!row) throw new Error('loss figure not stored');
  return row;
}

/** As GET /v1/api/retail/warning answers it and the served page carries it (server/http/first-html.ts). */
export async function currentRiskWarning(q: Queryable): Promise<RiskWarning> {
  const figure = await latestLossFigure(q);
  return {
    shown: await retailRulesApply(q),
    percent: figure?.percent ?? null,
    computed_at: figure?.computed_at ?? null,
  };
}

/** How long the served page reuses the warning it read: served every visit, it changes a few times a year. */
export const PAGE_WARNING_MS = 10_000;

/** The served page's warning, read at most once per PAGE_WARNING_MS; null, and not kept, when the read failed. */
export function pageRiskWarning(q: Queryable, clock: Clock): () => Promise<RiskWarning | null> {
  let kept: { at: number; warning: Promise<RiskWarning> } | null = null;
  return async () => {
    const now = clock.now();
    if (!kept || now - kept.at >= PAGE_WARNING_MS) kept = { at: now, warning: currentRiskWarning(q) };
    const read = kept;
    return read.warning.catch(() => {
      if (kept === read) kept = null;
      return null;
    });
  };
}

export async function latestLossFigure(q: Queryable): Promise<LossFigure | null> {
  return (await lossFigureHistory(q, 1))[0] ?? null;
}

export async function lossFigureHistory(q: Queryable, limit = 40): Promise<LossFigure[]> {
  return q.query<LossFigure>(`SELECT ${FIGURE} FROM loss_figures ORDER BY computed_at DESC, id DESC LIMIT $1`, [limit]);
}

/** UTC. */
export function quarterStart(t: number): number {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1);
}

export interface LossJobDeps extends Pick<Services, 'db' | 'clock' | 'timers' | 'log'> {
  floatingOf: (userId: number) => Usd;
}

/** At start, then hourly, when this quarter has no figure yet. */
export function startLossFigureJob(deps: LossJobDeps): RepeatingJob {
  const check = async (): Promise<void> => {
    const now = deps.clock.now();
    const latest = await latestLossFigure(deps.db);
    if (latest && latest.computed_at >= quarterStart(now)) return;
    await deps.db.tx((q) => computeLossFigure(q, now, deps.floatingOf, 'quarterly job'));
  };
  return startRepeatingJob(deps, CHECK_MS, check, { failed: 'loss figure job failed', atStart: true });
}
