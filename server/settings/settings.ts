// Missing settings fall back to the defaults.
import type { BaseSettings } from '../../domain/types.ts';
import type { Queryable } from '../db/db.ts';
import { DEFAULT_SETTINGS } from '../db/seeds/settings.ts';

export async function getSettings(q: Queryable, keys: readonly string[]): Promise<Record<string, string>> {
  const rows = await q.query<{ key: string; value: string }>('SELECT key, value FROM settings WHERE key = ANY($1)', [
    [...keys],
  ]);
  const out: Record<string, string> = {};
  for (const k of keys) out[k] = DEFAULT_SETTINGS[k] ?? '';
  for (const r of rows) out[r.key] = r.value;
  return out;
}

export async function getSetting(q: Queryable, key: string): Promise<string> {
  return (await getSettings(q, [key]))[key] ?? '';
}

export async function setSetting(q: Queryable, key: string, value: string): Promise<void> {
  await q.query(
    'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
    [key, value],
  );
}

/** The four-eyes thresholds, one per currency. */
export async function settingKeysLike(q: Queryable, prefix: string): Promise<string[]> {
  const rows = await q.query<{ key: string }>('SELECT key FROM settings WHERE starts_with(key, $1) ORDER BY key', [
    prefix,
  ]);
  return rows.map((r) => r.key);
}

const toInt = (v: string | undefined, fallback: number): number => {
  const n = Number(v);
  return Number.isInteger(n) ? n : fallback;
};

export async function baseSettings(q: Queryable): Promise<BaseSettings> {
  const s = await getSettings(q, ['service_link', 'service_link_type', 'verify_reg_type', 'trade_fee_type']);
  return {
    service_link: s.service_link ?? '',
    service_link_type: toInt(s.service_link_type, 1),
    verify_reg_type: toInt(s.verify_reg_type, 1),
    trade_fee_type: toInt(s.trade_fee_type, 2),
  };
}
