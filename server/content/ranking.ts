// The trader ranking: real traders before the seeded samples; the rates are defined in docs/content.md "Ranking".
import { dec, fixed, type DecInput } from '../../domain/decimal.ts';
import type { RankedTrader } from '../../domain/content-types.ts';

export type { RankedTrader };
import type { Queryable } from '../db/db.ts';
import { DAY_MS } from '../../domain/time.ts';

const THREE_WEEKS_MS = 21 * DAY_MS;
const RANK_PAGE_SIZE = 20;

type Unranked = Omit<RankedTrader, 'rank'>;

interface AggRow {
  user_id: number;
  uid: string;
  email: string | null;
  mobile: string | null;
  provider_name: string | null;
  copiers: string;
  n3: string;
  wins3: string;
  profit3: string | null;
  margin3: string | null;
  n_all: string;
  profit_all: string;
  margin_all: string;
}

interface MixRow {
  user_id: number;
  show_code: string;
  leverage: number;
  n: string;
}

/** Enough to recognise yourself, not enough to find someone. */
function maskedName(r: Pick<AggRow, 'uid' | 'email' | 'mobile'>): string {
  if (r.email) {
    const [local = '', domain = ''] = r.email.split('@');
    return `${local.slice(0, 2)}***@${domain}`;
  }
  if (r.mobile) return `${r.mobile.slice(0, 2)}***${r.mobile.slice(-2)}`;
  return `ID ${r.uid.slice(0, 4)}****`;
}

const pct = (part: DecInput, whole: DecInput): string => {
  const w = dec(whole);
  return w.isZero() ? '0.00' : fixed(dec(part).div(w).times(100), 2);
};

/** At least one closed order in the last three weeks. */
async function realTraders(q: Queryable, now: number): Promise<Unranked[]> {
  const since = now - THREE_WEEKS_MS;
  const agg = await q.query<AggRow>(
    `SELECT o.user_id, u.uid, u.email, u.mobile, p.display_name AS provider_name,
            (SELECT count(*) FROM copies c WHERE c.provider_id = o.user_id AND c.status IN (1, 2)) AS copiers,
            SUM(CASE WHEN o.completed_at >= $1 THEN 1 ELSE 0 END) AS n3,
            SUM(CASE WHEN o.completed_at >= $1 AND o.fact_profits > 0 THEN 1 ELSE 0 END) AS wins3,
            SUM(CASE WHEN o.completed_at >= $1 THEN o.fact_profits END) AS profit3,
            SUM(CASE WHEN o.completed_at >= $1 THEN o.caution_money END) AS margin3,
            COUNT(*) AS n_all, SUM(o.fact_profits) AS profit_all, SUM(o.caution_money) AS margin_all
       FROM orders o JOIN users u ON u.id = o.user_id LEFT JOIN copy_providers p ON p.user_id = u.id
      WHERE o.status = 3 AND o.close_reason <> 'cancel' AND u.is_demo = 0
        AND NOT EXISTS (SELECT 1 FROM copies c WHERE c.account_id = u.id) -- a copy account's trades are its provider's
        AND p.suspended_at IS NULL
      GROUP BY o.user_id, u.uid, u.email, u.mobile, p.display_name
     HAVING SUM(CASE WHEN o.completed_at >= $1 THEN 1 ELSE 0 END) > 0`,
    [since],
  );
  if (agg.length === 0) return [];
  // Ties: the lower instrument code, then multiplier.
  const mix = await q.query<MixRow>(
    `SELECT o.user_id, i.show_code, o.multiple AS leverage, COUNT(*) AS n
       FROM orders o JOIN instruments i ON i.id = o.instrument_id
      WHERE o.status = 3 AND o.close_reason <> 'cancel' AND o.completed_at >= $1 AND o.user_id = ANY($2::int[])
      GROUP BY o.user_id, i.show_code, o.multiple
      ORDER BY o.user_id, COUNT(*) DESC, i.show_code, o.multiple`,
    [since, agg.map((a) => a.user_id)],
  );
  const top = new Map<number, MixRow>();
  for (const m of mix) if (!top.has(m.user_id)) top.set(m.user_id, m);
  return agg.map((a) => ({
    user: a.provider_name ?? maskedName(a), // a provider published that name; anyone else stays masked
    code: top.get(a.user_id)?.show_code ?? '',
    leverage: top.get(a.user_id)?.leverage ?? 0,
    three_week_rate: pct(a.profit3 ?? 0, a.margin3 ?? 0),
    three_week_win: pct(a.wins3, a.n3),
    three_week_profit: fixed(a.profit3 ?? 0, 2),
    total_rate: pct(a.profit_all, a.margin_all),
    total_trade_num: Number(a.n_all),
    followers: Number(a.copiers),
    is_sample: 0,
  }));
}

async function seededTraders(q: Queryable): Promise<Unranked[]> {
  const rows = await q.query<Omit<Unranked, 'user' | 'is_sample'> & { name: string }>(
    `SELECT name, code, multiple AS leverage, three_week_rate, three_week_win, three_week_profit, total_rate, total_trade_num, followers
       FROM seeded_traders`,
  );
  const two = (v: string): string => fixed(v, 2);
  return rows.map((r) => ({
    user: r.name,
    code: r.code,
    leverage: Number(r.leverage),
    three_week_rate: two(r.three_week_rate),
    three_week_win: two(r.three_week_win),
    three_week_profit: two(r.three_week_profit),
    total_rate: two(r.total_rate),
    total_trade_num: Number(r.total_trade_num),
    followers: Number(r.followers),
    is_sample: 1,
  }));
}

/** docs/content.md "Ranking" gives each order. */
export type RankingSort = 'rate' | 'followers';

const ORDERS: Record<RankingSort, (a: Unranked, b: Unranked) => number> = {
  rate: (a, b) =>
    dec(b.three_week_rate).cmp(a.three_week_rate) ||
    dec(b.three_week_profit).cmp(a.three_week_profit) ||
    a.user.localeCompare(b.user),
  followers: (a, b) =>
    b.followers - a.followers || b.total_trade_num - a.total_trade_num || a.user.localeCompare(b.user),
};

/** Real traders first, so a sample's made-up figures never outrank a real track record. */
export async function rankingPage(
  q: Queryable,
  now: number,
  page: number,
  sort: RankingSort = 'rate',
): Promise<{ data: RankedTrader[]; total: number }> {
  const all = [...(await realTraders(q, now)), ...(await seededTraders(q))];
  all.sort((a, b) => a.is_sample - b.is_sample || ORDERS[sort](a, b));
  const start = (page - 1) * RANK_PAGE_SIZE;
  const data = all.slice(start, start + RANK_PAGE_SIZE).map((t, i) => ({ rank: start + i + 1, ...t }));
  return { data, total: all.length };
}
