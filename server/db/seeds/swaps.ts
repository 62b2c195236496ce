// Seeded only while no terms and no order exist, so an operator's terms are never changed (docs/trading.md "Swaps").
import type { Queryable } from '../db.ts';
import type { Seeder } from './seeder.ts';
import SEEDED_SWAPS from './swaps.json' with { type: 'json' };

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
        SEEDED_SWAPS.map((t) => t.code),
        SEEDED_SWAPS.map((t) => t.long),
        SEEDED_SWAPS.map((t) => t.short),
        SEEDED_SWAPS.map((t) => t.mode),
        now,
      ],
    );
  },
};
