// Price-alert rules (docs/alerts.md): at most ALERTS_MAX active alerts per user (of both kinds), each
// on a listed instrument, either at a positive price within the instrument's precision or at a day move of N % within
// PERCENT_MIN..PERCENT_MAX (2 decimals), with an optional short note; a user deletes only
// their own. Each change is one transaction holding the user's row (two devices adding the last place apply one after
// the other), then announced so the market writer's tick index follows. Every change answers the whole list.
import {
  ALERT_NOTE_MAX,
  ALERTS_MAX,
  FIRED_SHOWN,
  PERCENT_MAX,
  PERCENT_MIN,
  validPercent,
  type AlertCondition,
  type AlertKind,
  type PriceAlerts,
} from '../../domain/price-alerts.ts';
import { dec } from '../../domain/decimal.ts';
import { positiveNumberProblem } from '../../domain/decimal-text.ts';
import { lockUser } from '../auth/users.ts';
import type { Db } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { countActive, deleteAlert, insertAlert, listedInstrument, userAlerts } from './alerts-repository.ts';

/** Prices below this: a price needs at most 15 significant digits for the tick index's exact comparison. */
const PRICE_LIMIT = '1000000000';

/**
 * Tells the market writer's index about an added or deleted alert. On the writer itself (role all) it resolves once
 * the index has it, so an alert is watched from the moment its route answers; a gateway's announcement is sent and
 * followed by the writer shortly after.
 */
export type AlertChanged = (alertId: number) => void | Promise<void>;

export interface AlertInput {
  instrumentId: number;
  /** Default `price`. */
  kind?: AlertKind | undefined;
  condition: AlertCondition;
  /** The level of a `price` alert. */
  price?: string | undefined;
  /** N of a `change` alert. */
  percent?: string | undefined;
  note?: string | undefined;
}

export async function readAlerts(db: Db, userId: number): Promise<PriceAlerts> {
  return { alerts: await userAlerts(db, userId, FIRED_SHOWN), max: ALERTS_MAX };
}

const placesOf = (t: string): number => (t.includes('.') ? t.length - t.indexOf('.') - 1 : 0);

/** The price as typed, checked; never rounded into another number (a typed price that does not fit is refused). */
function checkedPrice(raw: string | undefined, pricePrecision: number): string {
  const t = (raw ?? '').trim();
  const problem = positiveNumberProblem(t);
  if (problem === 'not_number') throw new ApiError('not_a_number');
  if (problem !== null || dec(t).gte(PRICE_LIMIT)) throw new ApiError('alerts.errors.price');
  if (placesOf(t) > pricePrecision) throw new ApiError('price_precision', undefined, { places: pricePrecision });
  return t;
}

/** N as typed, checked (alerts.errors.percent otherwise); never rounded. */
function checkedPercent(raw: string | undefined): string {
  const t = (raw ?? '').trim();
  if (!validPercent(t)) throw new ApiError('alerts.errors.percent', undefined, { min: PERCENT_MIN, max: PERCENT_MAX });
  return t;
}

export async function createAlert(
  db: Db,
  userId: number,
  input: AlertInput,
  at: number,
  changed: AlertChanged,
): Promise<PriceAlerts> {
  const kind = input.kind ?? 'price';
  const note = (input.note ?? '').trim();
  if ([...note].length > ALERT_NOTE_MAX) throw new ApiError('alerts.errors.note', undefined, { max: ALERT_NOTE_MAX });
  const id = await db.tx(async (q) => {
    await lockUser(q, userId);
    const inst = await listedInstrument(q, input.instrumentId);
    if (!inst) throw new ApiError('instrument_not_found');
    const value = kind === 'change' ? checkedPercent(input.percent) : checkedPrice(input.price, inst.pricePrecision);
    if ((await countActive(q, userId)) >= ALERTS_MAX)
      throw new ApiError('alerts.errors.full', undefined, { max: ALERTS_MAX });
    return insertAlert(q, {
      userId,
      instrumentId: input.instrumentId,
      kind,
      condition: input.condition,
      value,
      note,
      at,
    });
  });
  await changed(id);
  return readAlerts(db, userId);
}

/** Deletes one of the caller's alerts (active or fired). Another user's, or none: refused, nothing changes. */
export async function removeAlert(db: Db, userId: number, id: number, changed: AlertChanged): Promise<PriceAlerts> {
  if (!(await deleteAlert(db, userId, id))) throw new ApiError('alerts.errors.not_found');
  await changed(id);
  return readAlerts(db, userId);
}
