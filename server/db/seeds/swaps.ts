// Seeded only while no terms and no order exist, so an operator's terms are never changed (docs/trading.md "Swaps").
import type { Queryable } from '../db.ts';
import type { Seeder } from './seeder.ts';

type Terms = readonly [code: string, long: string, short: string, mode: 'points' | 'percent'];

export const SEEDED_SWAPS: readonly Terms[] = [
  ['EURUSD', '-8.2', '-1.6', 'points'],
  ['GBPUSD', '-4.6', '-2.9', 'points'],
  ['USDJPY', '9.5', '-24.8', 'points'],
  ['AUDUSD', '-3.9', '-1.8', 'points'],
  ['USDCAD', '-1.2', '-4.5', 'points'],
  ['USDCHF', '3.1', '-9.8', 'points'],
  ['NZDUSD', '-2.8', '-1.5', 'points'],
  ['EURGBP', '-4.9', '-0.8', 'points'],
  ['EURJPY', '4.2', '-17.5', 'points'],
  ['GBPJPY', '6.8', '-22.4', 'points'],
  ['AUDJPY', '2.9', '-12.6', 'points'],
  ['EURAUD', '-9.6', '-1.1', 'points'],
  ['USDHKD', '-1.5', '-2.5', 'points'],
  ['XAUUSD', '-6.2', '-1.4', 'percent'],
  ['XAGUSD', '-5.8', '-1.9', 'percent'],
  ['XPTUSD', '-6.5', '-2.2', 'percent'],
  ['BTCUSDT', '-18', '-12', 'percent'],
  ['ETHUSDT', '-18', '-12', 'percent'],
  ['SOLUSDT', '-20', '-14', 'percent'],
  ['XRPUSDT', '-20', '-14', 'percent'],
  ['DOGEUSDT', '-20', '-14', 'percent'],
  ['LTCUSDT', '-20', '-14', 'percent'],
  ['US30', '-7.1', '-0.6', 'percent'],
  ['NAS100', '-7.1', '-0.6', 'percent'],
  ['SPX500', '-7.1', '-0.6', 'percent'],
  ['GER40', '-5.4', '-0.9', 'percent'],
  ['USOIL', '-4.2', '-2.1', 'percent'],
  ['UKOIL', '-4.2', '-2.1', 'percent'],
  ['NGAS', '-6.8', '-3.5', 'percent'],
];

export const swapsSeeder: Seeder = {
  name: 'swaps',
  async run(q: Queryable, now: number) {
    const [used] = await q.query<{ terms: boolean; orders: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM instrument_swaps) AS terms, EXISTS (SELECT 1 FROM orders) AS orders',
    );
    if (used?.terms || used?.orders) return;
    await q.query(
      `INSERT INTO instrument_swaps (instrument_id, long_rate, short_rate, mode, updated_at, updated_by)
       SELECT i.id, t.long_rate, t.short_rate, t.mode, $5, 'seed'
         FROM unnest($1::text[], $2::numeric[], $3::numeric[], $4::text[]) AS t(code, long_rate, short_rate, mode)
         JOIN instruments i ON i.code = t.code
       ON CONFLICT (instrument_id) DO NOTHING`,
      [
        SEEDED_SWAPS.map((t) => t[0]),
        SEEDED_SWAPS.map((t) => t[1]),
        SEEDED_SWAPS.map((t) => t[2]),
        SEEDED_SWAPS.map((t) => t[3]),
        now,
      ],
    );
  },
};
