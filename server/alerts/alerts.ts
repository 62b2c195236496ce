// Price-alert rules (docs/alerts.md); a change holds the user's row so two devices cannot both take the last place.
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
import { placesWritten } from '../../domain/numerics/parse.ts';
import type { Db } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { countActive, deleteAlert, insertAlert, listedInstrument, userAlerts } from './alerts-repository.ts';

/** The tick index's exact comparison needs at most 15 significant digits. */
const PRICE_LIMIT = '1000000000';

/** On the writer it resolves once the index has it, so an alert is watched from the moment its route answers. */
export type AlertChanged = (alertId: number) => void | Promise<void>;

export interface AlertInput {
  instrumentId: number;
  /** Default `price`. */
  kind?: AlertKind | undefined;
  condition: AlertCondition;
  price?: string | undefined;
  percent?: string | undefined;
  note?: string | undefined;
}

export async function readAlerts(db: Db, userId: number): Promise<PriceAlerts> {
  return { alerts: await userAlerts(db, userId, FIRED_SHOWN), max: ALERTS_MAX };
}

/** Never rounded: a typed price that does not fit is refused. */
function checkedPrice(raw: string | undefined, pricePrecision: number): string {
  const t = (raw ?? '').trim();
  const problem = positiveNumberProblem(t);
  if (problem === 'not_number') throw new ApiError('not_a_number');
  if (problem !== null || dec(t).gte(PRICE_LIMIT)) throw new ApiError('alerts.errors.price');
  if (placesWritten(t) > pricePrecision) throw new ApiError('price_precision', undefined, { places: pricePrecision });
  return t;
}

/** Never rounded. */
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
    return insertAlert(q, { ...input, userId, kind, value, note, at });
  });
  await changed(id);
  return readAlerts(db, userId);
}

/** Another user's alert is refused like a missing one, changing nothing. */
export async function removeAlert(db: Db, userId: number, id: number, changed: AlertChanged): Promise<PriceAlerts> {
  if (!(await deleteAlert(db, userId, id))) throw new ApiError('alerts.errors.not_found');
  await changed(id);
  return readAlerts(db, userId);
}
