// The price_alerts table's SQL; the rules are server/alerts/alerts.ts'.
import { countOf, type Queryable } from '../db/db.ts';
import type { AlertCondition, AlertKind, PriceAlert, PriceAlertWire } from '../../domain/price-alerts.ts';
import { priceText } from '../../domain/format/price.ts';
import { trimZeros } from '../../domain/decimal-text.ts';

interface AlertRow extends Pick<
  PriceAlertWire,
  'id' | 'code' | 'show_code' | 'kind' | 'condition' | 'price' | 'percent' | 'note' | 'fired_price' | 'fired_change'
> {
  user_id: number;
  instrument_id: number;
  price_precision: number;
  status: number;
  created_at: string | number;
  fired_at: string | number | null;
}

/** The fire's RETURNING uses them too. */
const COLUMNS = `a.id, a.user_id, a.instrument_id, i.code, i.show_code, i.price_precision, a.kind, a.condition,
  a.price::text AS price, a.percent::text AS percent, a.note, a.status, a.created_at, a.fired_at,
  a.fired_price::text AS fired_price, a.fired_change::text AS fired_change`;

const SELECT = `SELECT ${COLUMNS} FROM price_alerts a JOIN instruments i ON i.id = a.instrument_id`;

export interface ActiveAlert {
  id: number;
  userId: number;
  instrumentId: number;
  kind: AlertKind;
  condition: AlertCondition;
  /** The level (price) or N (change). */
  value: string;
}

function alertOf(r: AlertRow): PriceAlert {
  const places = Number(r.price_precision);
  return {
    id: Number(r.id),
    instrumentId: Number(r.instrument_id),
    code: r.code,
    show_code: r.show_code,
    kind: r.kind,
    condition: r.condition,
    price: r.price === null ? null : priceText(r.price, places),
    percent: r.percent === null ? null : trimZeros(r.percent), // N as typed, without the column's padding
    note: r.note,
    status: Number(r.status) === 0 ? 'active' : 'fired',
    created_at: Number(r.created_at),
    fired_at: r.fired_at === null ? null : Number(r.fired_at),
    fired_price: r.fired_price === null ? null : priceText(r.fired_price, places),
    fired_change: r.fired_change,
  };
}

const active = (r: AlertRow): ActiveAlert => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  instrumentId: Number(r.instrument_id),
  kind: r.kind,
  condition: r.condition,
  value: (r.kind === 'change' ? r.percent : r.price) ?? '0',
});

/** One statement, so one snapshot: an alert firing meanwhile is listed once, active or fired. */
export async function userAlerts(q: Queryable, userId: number, firedShown: number): Promise<PriceAlert[]> {
  const rows = await q.query<AlertRow>(
    `${SELECT} WHERE a.user_id = $1 AND (a.status = 0 OR a.id IN (
       SELECT id FROM price_alerts WHERE user_id = $1 AND status = 1 ORDER BY fired_at DESC, id DESC LIMIT $2))
     ORDER BY a.status, a.fired_at DESC NULLS FIRST, a.id DESC`,
    [userId, firedShown],
  );
  return rows.map(alertOf);
}

export function countActive(q: Queryable, userId: number): Promise<number> {
  return countOf(q, 'SELECT count(*) AS n FROM price_alerts WHERE user_id = $1 AND status = 0', [userId]);
}

/** Its value checked. */
export interface NewAlert extends Omit<ActiveAlert, 'id'> {
  note: string;
  at: number;
}

export async function insertAlert(q: Queryable, a: NewAlert): Promise<number> {
  const [price, percent] = a.kind === 'price' ? [a.value, null] : [null, a.value];
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO price_alerts (user_id, instrument_id, kind, condition, price, percent, note, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [a.userId, a.instrumentId, a.kind, a.condition, price, percent, a.note, a.at],
  );
  if (!row) throw new Error('price alert insert returned nothing');
  return Number(row.id);
}

/** False when this user has no such alert; another's stays untouched. */
export async function deleteAlert(q: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await q.query('DELETE FROM price_alerts WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return rows.length > 0;
}

/** What a starting market writer indexes. */
export async function activeAlerts(q: Queryable): Promise<ActiveAlert[]> {
  return (await q.query<AlertRow>(`${SELECT} WHERE a.status = 0`)).map(active);
}

/** An index following a change made elsewhere re-reads it. */
export async function activeAlert(q: Queryable, id: number): Promise<ActiveAlert | undefined> {
  const [row] = await q.query<AlertRow>(`${SELECT} WHERE a.id = $1 AND a.status = 0`, [id]);
  return row ? active(row) : undefined;
}

/** Conditional on still being active, so an alert fires once even with two writers. */
export async function fireAlert(
  q: Queryable,
  id: number,
  price: string,
  change: string | null,
  at: number,
): Promise<(PriceAlert & { userId: number }) | undefined> {
  const [row] = await q.query<AlertRow>(
    `UPDATE price_alerts a SET status = 1, fired_at = $3, fired_price = $2, fired_change = $4 FROM instruments i
     WHERE a.id = $1 AND a.status = 0 AND i.id = a.instrument_id
     RETURNING ${COLUMNS}`,
    [id, price, at, change],
  );
  return row ? { ...alertOf(row), userId: Number(row.user_id) } : undefined;
}

/** A disabled instrument has no live price to watch. */
export async function listedInstrument(q: Queryable, id: number): Promise<{ pricePrecision: number } | undefined> {
  const [row] = await q.query<{ price_precision: number }>(
    'SELECT price_precision FROM instruments WHERE id = $1 AND enabled',
    [id],
  );
  return row ? { pricePrecision: Number(row.price_precision) } : undefined;
}
