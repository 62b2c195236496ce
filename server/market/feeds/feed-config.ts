// What the operator configured for the feeds, as stored (migration 150): mappings with their offsets, the desk's
// rules per instrument, suspended sources, and the change record. Read whole (a few hundred rows at most) whenever
// something changed; the tick path only ever sees the compiled form (feed-desk.ts).
import type { Queryable } from '../../db/db.ts';

export const PRICE_RULES = ['mid', 'bid', 'ask', 'last'] as const;
export type PriceRule = (typeof PRICE_RULES)[number];

export interface FeedMapping {
  source: string;
  symbol: string;
  instrumentId: number;
  /** Decimal text added to this source's price for this instrument ("0" = none; may be negative). */
  offset: string;
}

export interface FeedRule {
  instrumentId: number;
  rule: PriceRule;
  /** null = the default limit; 0 = off. */
  staleMs: number | null;
  /** Percent as decimal text; null = the default limit; "0" = off. */
  spikePct: string | null;
  /** Trading halted with this reason (what traders see); null = trading. */
  haltReason: string | null;
}

export interface FeedConfig {
  mappings: FeedMapping[];
  rules: FeedRule[];
  /** Source name → the operator's reason. */
  suspended: Map<string, string>;
}

export interface FeedChange {
  id: number;
  at: number;
  by: string;
  command: string;
  detail: string;
}

export async function loadFeedConfig(q: Queryable): Promise<FeedConfig> {
  const [mappings, rules, suspended] = await Promise.all([
    q.query<{ source: string; symbol: string; instrument_id: number; price_offset: string }>(
      'SELECT source, symbol, instrument_id, price_offset::text AS price_offset FROM feed_mappings ORDER BY source, symbol',
    ),
    q.query<{ instrument_id: number; price_rule: string; stale_ms: number | null; spike_pct: string | null; halt_reason: string | null }>(
      'SELECT instrument_id, price_rule, stale_ms, spike_pct::text AS spike_pct, halt_reason FROM feed_rules ORDER BY instrument_id',
    ),
    q.query<{ source: string; reason: string }>('SELECT source, reason FROM feed_suspended'),
  ]);
  return {
    mappings: mappings.map((r) => ({ source: r.source, symbol: r.symbol, instrumentId: Number(r.instrument_id), offset: r.price_offset })),
    rules: rules.map((r) => ({
      instrumentId: Number(r.instrument_id),
      rule: (PRICE_RULES as readonly string[]).includes(r.price_rule) ? (r.price_rule as PriceRule) : 'mid',
      staleMs: r.stale_ms === null ? null : Number(r.stale_ms),
      spikePct: r.spike_pct,
      haltReason: r.halt_reason,
    })),
    suspended: new Map(suspended.map((r) => [r.source, r.reason])),
  };
}

/** Records one desk change (who, when, what); every control command calls it in the same transaction as its change. */
export async function recordFeedChange(q: Queryable, at: number, by: string, command: string, detail: string): Promise<void> {
  await q.query('INSERT INTO feed_changes (at, by_whom, command, detail) VALUES ($1, $2, $3, $4)', [at, by, command, detail]);
}

export async function recentFeedChanges(q: Queryable, limit: number): Promise<FeedChange[]> {
  const rows = await q.query<{ id: string; at: string; by_whom: string; command: string; detail: string }>(
    'SELECT id, at, by_whom, command, detail FROM feed_changes ORDER BY id DESC LIMIT $1',
    [limit],
  );
  return rows.map((r) => ({ id: Number(r.id), at: Number(r.at), by: r.by_whom, command: r.command, detail: r.detail }));
}
