// Read whole (a few hundred rows at most) on every change; the tick path only sees the compiled form (price-desk.ts).
import type { Queryable } from '../../db/db.ts';
import { decimalRe } from '../../../domain/numerics/decimal-pattern.ts';

export const SPIKE_PCT = decimalRe({ whole: 3, places: 4 });

export const PRICE_RULES = ['mid', 'bid', 'ask', 'last'] as const;
export type PriceRule = (typeof PRICE_RULES)[number];

export const SPREAD_MODES = ['fixed', 'widen'] as const;
export type SpreadMode = (typeof SPREAD_MODES)[number];

export interface DeskMapping {
  source: string;
  symbol: string;
  instrumentId: number;
  /** "0" = none; may be negative. */
  offset: string;
}

export interface DeskRule {
  instrumentId: number;
  rule: PriceRule;
  /** null = the default limit; 0 = off. */
  staleMs: number | null;
  /** Percent as decimal text; null = the default limit; "0" = off. */
  spikePct: string | null;
  /** What traders see; null = trading. */
  haltReason: string | null;
  /** null = one price; points in price steps (10^-PricePrecision). */
  spreadMode?: SpreadMode | null;
  spreadPoints?: number;
}

export interface DeskConfig {
  mappings: DeskMapping[];
  rules: DeskRule[];
  /** Source name → the operator's reason. */
  suspended: Map<string, string>;
}

export interface DeskChange {
  id: number;
  at: number;
  by: string;
  command: string;
  detail: string;
}

export async function loadDeskConfig(q: Queryable): Promise<DeskConfig> {
  const [mappings, rules, suspended] = await Promise.all([
    q.query<DeskMapping>(
      `SELECT source, symbol, instrument_id AS "instrumentId", price_offset::text AS "offset"
         FROM feed_mappings ORDER BY source, symbol`,
    ),
    // The table's CHECKs keep price_rule and spread_mode to PRICE_RULES and SPREAD_MODES.
    q.query<DeskRule>(
      `SELECT instrument_id AS "instrumentId", price_rule AS rule, stale_ms AS "staleMs", spike_pct::text AS "spikePct",
              halt_reason AS "haltReason", spread_mode AS "spreadMode", spread_points AS "spreadPoints"
         FROM feed_rules ORDER BY instrument_id`,
    ),
    q.query<{ source: string; reason: string }>('SELECT source, reason FROM feed_suspended'),
  ]);
  return { mappings, rules, suspended: new Map(suspended.map((r) => [r.source, r.reason])) };
}

/** Every control command calls it in the same transaction as its change. */
export async function recordDeskChange(
  q: Queryable,
  at: number,
  by: string,
  command: string,
  detail: string,
): Promise<void> {
  await q.query('INSERT INTO feed_changes (at, by_whom, command, detail) VALUES ($1, $2, $3, $4)', [
    at,
    by,
    command,
    detail,
  ]);
}

export async function recentDeskChanges(q: Queryable, limit: number): Promise<DeskChange[]> {
  // BIGINT as float8: both drivers give a number, exact below 2^53.
  return q.query<DeskChange>(
    `SELECT id::float8 AS id, at::float8 AS at, by_whom AS by, command, detail
       FROM feed_changes ORDER BY id DESC LIMIT $1`,
    [limit],
  );
}

export async function instrumentForDesk(q: Queryable, code: string): Promise<{ id: number; precision: number } | null> {
  const rows = await q.query<{ id: number; precision: number }>(
    'SELECT id, price_precision AS precision FROM instruments WHERE code = $1',
    [code],
  );
  return rows[0] ?? null;
}

export function mappingList(q: Queryable): Promise<{ source: string; symbol: string; code: string; offset: string }[]> {
  return q.query(
    `SELECT m.source, m.symbol, i.code, m.price_offset::text AS "offset"
       FROM feed_mappings m JOIN instruments i ON i.id = m.instrument_id ORDER BY m.source, i.code`,
  );
}

/** Replaces that source's mapping of either. */
export async function mapSymbol(
  q: Queryable,
  source: string,
  symbol: string,
  instrumentId: number,
  offset: string,
): Promise<void> {
  await q.query('DELETE FROM feed_mappings WHERE source = $1 AND (instrument_id = $2 OR symbol = $3)', [
    source,
    instrumentId,
    symbol,
  ]);
  await q.query('INSERT INTO feed_mappings (source, symbol, instrument_id, price_offset) VALUES ($1, $2, $3, $4)', [
    source,
    symbol,
    instrumentId,
    offset,
  ]);
}

export async function unmapSymbol(q: Queryable, source: string, instrumentId: number): Promise<boolean> {
  const gone = await q.query('DELETE FROM feed_mappings WHERE source = $1 AND instrument_id = $2 RETURNING symbol', [
    source,
    instrumentId,
  ]);
  return gone.length > 0;
}

export async function setMappingOffset(
  q: Queryable,
  source: string,
  instrumentId: number,
  offset: string,
): Promise<boolean> {
  const rows = await q.query(
    'UPDATE feed_mappings SET price_offset = $3 WHERE source = $1 AND instrument_id = $2 RETURNING symbol',
    [source, instrumentId, offset],
  );
  return rows.length > 0;
}

/** Absent: unchanged; null: back to the default. */
export interface RuleChange {
  rule?: PriceRule;
  staleMs?: number | null;
  spikePct?: string | null;
  /** null resumes. */
  haltReason?: string | null;
  /** With haltReason: the scheduled closure whose halt it is; any other halt or resume clears the mark, so the
   * closure's end lifts only its own halt (docs/market-data.md "Scheduled closures"). */
  haltClosure?: number;
  /** null mode = one price again. */
  spread?: { mode: SpreadMode | null; points: number };
}

/** Its row is made on first use. */
export async function changeDeskRule(q: Queryable, instrumentId: number, change: RuleChange): Promise<void> {
  await q.query('INSERT INTO feed_rules (instrument_id) VALUES ($1) ON CONFLICT (instrument_id) DO NOTHING', [
    instrumentId,
  ]);
  const set = (columns: string, ...values: unknown[]) =>
    q.query(`UPDATE feed_rules SET ${columns} WHERE instrument_id = $1`, [instrumentId, ...values]);
  if (change.rule !== undefined) await set('price_rule = $2', change.rule);
  if (change.staleMs !== undefined) await set('stale_ms = $2', change.staleMs);
  if (change.spikePct !== undefined) await set('spike_pct = $2', change.spikePct);
  if (change.haltReason !== undefined)
    await set('halt_reason = $2, halt_closure_id = $3', change.haltReason, change.haltClosure ?? null);
  if (change.spread !== undefined)
    await set('spread_mode = $2, spread_points = $3', change.spread.mode, change.spread.points);
}

/** null lets the sanity limit of an offset or a mark-up use its default. */
export async function spikeLimitOf(q: Queryable, instrumentId: number): Promise<string | null> {
  const rows = await q.query<{ spike_pct: string | null }>(
    'SELECT spike_pct::text AS spike_pct FROM feed_rules WHERE instrument_id = $1',
    [instrumentId],
  );
  return rows[0]?.spike_pct ?? null;
}

/** Its ticks are still counted, not used. */
export async function suspendSource(q: Queryable, source: string, reason: string): Promise<void> {
  await q.query(
    'INSERT INTO feed_suspended (source, reason) VALUES ($1, $2) ON CONFLICT (source) DO UPDATE SET reason = $2',
    [source, reason],
  );
}

export async function unsuspendSource(q: Queryable, source: string): Promise<void> {
  await q.query('DELETE FROM feed_suspended WHERE source = $1', [source]);
}
