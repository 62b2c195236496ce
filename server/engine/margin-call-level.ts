// docs/trading.md "Margin call": the settings key margin_call_level, default 100.
import { dec, exactText, fixed } from '../../domain/decimal.ts';
import { decimalRe } from '../../domain/numerics/decimal-pattern.ts';
import { STOP_OUT_LEVEL } from '../../domain/trade-maths.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { getSetting, setSetting } from '../settings/settings.ts';

export const MARGIN_CALL_KEY = 'margin_call_level';
const MAX_LEVEL = 1000;
/** Checked against the limits after. */
const LEVEL = decimalRe({ whole: 4, places: 2 });

/** 2 decimals, as the wire shows it. */
export async function marginCallLevelText(q: Queryable): Promise<string> {
  return fixed(await marginCallLevel(q), 2);
}

/** A stored value that is not a sane level reads as the default 100. */
export const marginCallLevel = async (q: Queryable): Promise<string> =>
  checkLevel(await getSetting(q, MARGIN_CALL_KEY)) ?? '100';

/** Above the stop-out level and at most 1000 %, at most 2 decimals; null otherwise. */
export function checkLevel(raw: string): string | null {
  if (!LEVEL.test(raw)) return null;
  const v = dec(raw);
  if (v.lte(STOP_OUT_LEVEL.times(100)) || v.gt(MAX_LEVEL)) return null;
  return exactText(v);
}

export async function setMarginCallLevel(q: Queryable, raw: string): Promise<string> {
  const level = checkLevel(raw.trim());
  if (level === null) throw new ApiError('field_invalid', undefined, { field: 'level' });
  await setSetting(q, MARGIN_CALL_KEY, level);
  return level;
}
