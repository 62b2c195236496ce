// Chart settings on the account; stored ones that no longer keep domain/indicators.ts' rules read as the defaults.
import {
  defaultIndicatorSettings,
  isValidSettings,
  sanitiseSettings,
  type IndicatorSettings,
} from '../../domain/indicators.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';

export interface ChartSettings {
  indicators: IndicatorSettings;
}

export async function readChartSettings(q: Queryable, userId: number): Promise<ChartSettings> {
  const rows = await q.query<{ indicators: string }>('SELECT indicators FROM chart_settings WHERE user_id = $1', [
    userId,
  ]);
  const raw = rows[0]?.indicators;
  if (raw === undefined) return { indicators: defaultIndicatorSettings() };
  try {
    return { indicators: sanitiseSettings(JSON.parse(raw)) };
  } catch {
    return { indicators: defaultIndicatorSettings() };
  }
}

/** Anything off the rules is refused and changes nothing. */
export async function writeChartSettings(q: Queryable, userId: number, indicators: unknown): Promise<ChartSettings> {
  if (!isValidSettings(indicators)) throw new ApiError('chart.errors.settings_invalid');
  const clean = sanitiseSettings(indicators); // the same values, in the canonical order
  await q.query(
    'INSERT INTO chart_settings (user_id, indicators) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET indicators = EXCLUDED.indicators',
    [userId, JSON.stringify(clean)],
  );
  return { indicators: clean };
}
