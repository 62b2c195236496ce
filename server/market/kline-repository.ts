// A chunk of up to CHUNK_BARS bars per row, written by bulk upserts through unnest: never a query per bar or tick.
import type { Queryable } from '../db/db.ts';
import { LEVEL_SECONDS, levelSeconds, type Bar } from './bars.ts';

export const CHUNK_BARS = 60;

export const chunkSpan = (level: number): number => levelSeconds(level) * CHUNK_BARS;

/** Prices in ticks at `precision`. */
export interface Chunk {
  instrumentId: number;
  level: number;
  start: number;
  precision: number;
  bars: Bar[];
}

export const chunkKey = (c: Chunk): string => `${c.instrumentId}:${c.level}:${c.start}`;

interface ChunkRow {
  instrument_id: number;
  period: number;
  chunk_start: string;
  price_precision: number;
  bars: string;
}

const levelOfSeconds = new Map<number, number>(LEVEL_SECONDS.map((s, i) => [s, i]));

/** Deltas keep the text compact, which makes bulk writes fast; the first bar's "previous" values are 0. */
export function encodeBars(bars: readonly Bar[]): string {
  const out: number[] = [];
  let pt = 0;
  let pc = 0;
  for (const b of bars) {
    out.push(b.t - pt, b.o - pc, b.h - b.o, b.o - b.l, b.c - b.o, b.v);
    pt = b.t;
    pc = b.c;
  }
  return JSON.stringify(out);
}

/** Rescales ticks when the instrument's precision changed since it was written. */
export function decodeBars(text: string, storedPrecision: number, precision: number): Bar[] {
  const raw = JSON.parse(text) as number[];
  const k = 10 ** (precision - storedPrecision);
  const px = (v: number): number => (k === 1 ? v : Math.round(v * k));
  const bars: Bar[] = [];
  let pt = 0;
  let pc = 0;
  for (let i = 0; i + 5 < raw.length; i += 6) {
    const t = pt + (raw[i] ?? 0);
    const o = pc + (raw[i + 1] ?? 0);
    const h = o + (raw[i + 2] ?? 0);
    const l = o - (raw[i + 3] ?? 0);
    const c = o + (raw[i + 4] ?? 0);
    bars.push({ t, o: px(o), h: px(h), l: px(l), c: px(c), v: raw[i + 5] ?? 0 });
    pt = t;
    pc = c;
  }
  return bars;
}

function rowToChunk(r: ChunkRow, precisionOf: (id: number) => number): Chunk {
  const instrumentId = Number(r.instrument_id);
  const precision = precisionOf(instrumentId);
  return {
    instrumentId,
    level: levelOfSeconds.get(Number(r.period)) ?? 0,
    start: Number(r.chunk_start),
    precision,
    bars: decodeBars(r.bars, Number(r.price_precision), precision),
  };
}

/** Keeps each array parameter a few megabytes at most. */
const BATCH = 2000;

/** The later duplicate in the list wins. */
export async function upsertChunks(q: Queryable, chunks: readonly Chunk[]): Promise<void> {
  const byKey = new Map<string, Chunk>();
  for (const c of chunks) if (c.bars.length > 0) byKey.set(chunkKey(c), c);
  const list = [...byKey.values()];
  for (let i = 0; i < list.length; i += BATCH) {
    const part = list.slice(i, i + BATCH);
    await q.query(
      `INSERT INTO kline_chunks (instrument_id, period, chunk_start, price_precision, n, bars)
       SELECT * FROM unnest($1::int[], $2::int[], $3::bigint[], $4::smallint[], $5::int[], $6::text[])
       ON CONFLICT (instrument_id, period, chunk_start) DO UPDATE SET
         price_precision = EXCLUDED.price_precision, n = EXCLUDED.n, bars = EXCLUDED.bars`,
      [
        part.map((c) => c.instrumentId),
        part.map((c) => levelSeconds(c.level)),
        part.map((c) => c.start),
        part.map((c) => c.precision),
        part.map((c) => c.bars.length),
        part.map((c) => encodeBars(c.bars)),
      ],
    );
  }
}

export async function lastChunks(
  q: Queryable,
  instrumentIds: readonly number[],
  precisionOf: (id: number) => number,
): Promise<Chunk[]> {
  if (instrumentIds.length === 0) return [];
  const rows = await q.query<ChunkRow>(
    `SELECT x.* FROM unnest($1::int[]) AS i(id)
     CROSS JOIN unnest($2::int[]) AS p(period)
     CROSS JOIN LATERAL (
       SELECT instrument_id, period, chunk_start, price_precision, bars FROM kline_chunks k
       WHERE k.instrument_id = i.id AND k.period = p.period ORDER BY k.chunk_start DESC LIMIT 1
     ) x`,
    [instrumentIds, [...LEVEL_SECONDS]],
  );
  return rows.map((r) => rowToChunk(r, precisionOf));
}

/** A running count of bars per chunk stops the scan at the newest chunks that can hold them. */
export async function barsInRange(
  q: Queryable,
  instrumentId: number,
  level: number,
  from: number,
  to: number,
  limit: number,
  precision: number,
): Promise<Bar[]> {
  const rows = await q.query<ChunkRow>(
    `SELECT instrument_id, period, chunk_start, price_precision, bars FROM (
       SELECT *, sum(n) OVER (ORDER BY chunk_start DESC) - n AS newer FROM kline_chunks
       WHERE instrument_id = $1 AND period = $2 AND chunk_start <= $4 AND chunk_start > $3 - $5::bigint
     ) x WHERE newer < $6 ORDER BY chunk_start`,
    [instrumentId, levelSeconds(level), from, to, chunkSpan(level), limit],
  );
  const bars: Bar[] = [];
  for (const r of rows) for (const b of rowToChunk(r, () => precision).bars) if (b.t >= from && b.t <= to) bars.push(b);
  return bars.slice(-limit);
}

export async function barsSince(
  q: Queryable,
  instrumentIds: readonly number[],
  level: number,
  from: number,
  precisionOf: (id: number) => number,
): Promise<Map<number, Bar[]>> {
  const out = new Map<number, Bar[]>();
  if (instrumentIds.length === 0) return out;
  const rows = await q.query<ChunkRow>(
    `SELECT instrument_id, period, chunk_start, price_precision, bars FROM kline_chunks
     WHERE period = $1 AND chunk_start > $2::bigint - $3::bigint AND instrument_id = ANY($4::int[])
     ORDER BY instrument_id, chunk_start`,
    [levelSeconds(level), from, chunkSpan(level), instrumentIds],
  );
  for (const r of rows) {
    const c = rowToChunk(r, precisionOf);
    let list = out.get(c.instrumentId);
    if (!list) out.set(c.instrumentId, (list = []));
    for (const b of c.bars) if (b.t >= from) list.push(b);
  }
  return out;
}

export async function deleteInstrumentChunks(q: Queryable, instrumentIds: readonly number[]): Promise<void> {
  if (instrumentIds.length === 0) return;
  await q.query('DELETE FROM kline_chunks WHERE instrument_id = ANY($1::int[])', [instrumentIds]);
}

export async function pruneChunks(
  q: Queryable,
  instrumentIds: readonly number[],
  level: number,
  before: number,
): Promise<number> {
  if (instrumentIds.length === 0) return 0;
  const rows = await q.query<{ n: string }>(
    `WITH gone AS (
       DELETE FROM kline_chunks
       WHERE period = $1 AND chunk_start + $2::bigint <= $3::bigint AND instrument_id = ANY($4::int[])
       RETURNING 1
     ) SELECT count(*) AS n FROM gone`,
    [levelSeconds(level), chunkSpan(level), before, instrumentIds],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Appends `bar` to `open[level]`, first replaced by `make(start)` when the bar begins another chunk; answers that. */
export function appendBar<C extends Chunk>(open: (C | null)[], level: number, bar: Bar, make: (start: number) => C): C {
  const span = chunkSpan(level);
  const start = Math.floor(bar.t / span) * span;
  let ch = open[level] ?? null;
  if (!ch || ch.start !== start) open[level] = ch = make(start);
  ch.bars.push(bar);
  return ch;
}

export function chunkBars(instrumentId: number, level: number, precision: number, bars: readonly Bar[]): Chunk[] {
  const out = new Set<Chunk>();
  const open: (Chunk | null)[] = [];
  for (const b of bars)
    out.add(appendBar(open, level, b, (start) => ({ instrumentId, level, start, precision, bars: [] })));
  return [...out];
}
