// The dealing desk's writes to the feed tables (migration 150): the ops commands call these inside one transaction
// with their change record (feed-config.ts recordFeedChange); the market writer reads the tables back (loadFeedConfig).
import type { Queryable } from '../../db/db.ts';
import type { PriceRule } from './feed-config.ts';

export interface FeedInstrument {
  id: number;
  precision: number;
}

export async function feedInstrument(q: Queryable, code: string): Promise<FeedInstrument | null> {
  const rows = await q.query<{ id: number; price_precision: number }>('SELECT id, price_precision FROM instruments WHERE code = $1', [code]);
  const r = rows[0];
  return r ? { id: Number(r.id), precision: Number(r.price_precision) } : null;
}

export function listMappings(q: Queryable): Promise<Array<{ source: string; symbol: string; code: string; offset: string }>> {
  return q.query(
    `SELECT m.source, m.symbol, i.code, m.price_offset::text AS "offset"
       FROM feed_mappings m JOIN instruments i ON i.id = m.instrument_id ORDER BY m.source, i.code`,
  );
}

/** The source's symbol for the instrument, replacing its previous symbol for it and any other use of the symbol. */
export async function putMapping(q: Queryable, source: string, symbol: string, instrumentId: number, offset: string): Promise<void> {
  await q.query('DELETE FROM feed_mappings WHERE source = $1 AND (instrument_id = $2 OR symbol = $3)', [source, instrumentId, symbol]);
  await q.query('INSERT INTO feed_mappings (source, symbol, instrument_id, price_offset) VALUES ($1, $2, $3, $4)', [source, symbol, instrumentId, offset]);
}

/** False when the source had no mapping for the instrument. */
export async function deleteMapping(q: Queryable, source: string, instrumentId: number): Promise<boolean> {
  return (await q.query('DELETE FROM feed_mappings WHERE source = $1 AND instrument_id = $2 RETURNING symbol', [source, instrumentId])).length > 0;
}

/** False when the source has no mapping for the instrument. */
export async function setOffset(q: Queryable, source: string, instrumentId: number, offset: string): Promise<boolean> {
  const rows = await q.query('UPDATE feed_mappings SET price_offset = $3 WHERE source = $1 AND instrument_id = $2 RETURNING symbol', [source, instrumentId, offset]);
  return rows.length > 0;
}

/** Sets what is given (undefined = leave as it is; null = back to the default). */
export async function setRule(
  q: Queryable,
  instrumentId: number,
  set: { rule?: PriceRule | undefined; staleMs?: number | null | undefined; spikePct?: string | null | undefined; halt?: string | null | undefined },
): Promise<void> {
  await q.query('INSERT INTO feed_rules (instrument_id) VALUES ($1) ON CONFLICT (instrument_id) DO NOTHING', [instrumentId]);
  if (set.rule !== undefined) await q.query('UPDATE feed_rules SET price_rule = $2 WHERE instrument_id = $1', [instrumentId, set.rule]);
  if (set.staleMs !== undefined) await q.query('UPDATE feed_rules SET stale_ms = $2 WHERE instrument_id = $1', [instrumentId, set.staleMs]);
  if (set.spikePct !== undefined) await q.query('UPDATE feed_rules SET spike_pct = $2 WHERE instrument_id = $1', [instrumentId, set.spikePct]);
  if (set.halt !== undefined) await q.query('UPDATE feed_rules SET halt_reason = $2 WHERE instrument_id = $1', [instrumentId, set.halt]);
}

export async function suspendSource(q: Queryable, source: string, reason: string): Promise<void> {
  await q.query('INSERT INTO feed_suspended (source, reason) VALUES ($1, $2) ON CONFLICT (source) DO UPDATE SET reason = $2', [source, reason]);
}

export async function resumeSource(q: Queryable, source: string): Promise<void> {
  await q.query('DELETE FROM feed_suspended WHERE source = $1', [source]);
}
