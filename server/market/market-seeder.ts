// Kline history is seeded here so the test template database already carries it.
import type { Queryable } from '../db/db.ts';
import { insertMissing, type Seeder } from '../db/seeds/seeder.ts';
import {
  assetClassOf,
  INSTRUMENTS,
  instrumentFromDef,
  logoPath,
  loadInstruments,
  type MarketInstrument,
} from './instrument-catalogue.ts';
import { CATEGORIES, type CategoryDef } from './categories.ts';
import { DEFAULT_MARKET_SEED, syncHistory } from './history-sync.ts';

export async function seedCategories(q: Queryable, categories: readonly CategoryDef[]): Promise<void> {
  await insertMissing(
    q,
    'categories',
    ['id'],
    categories.map((c) => ({ id: c.id, sort: c.sort })),
  );
  const names = categories.flatMap((c) =>
    Object.entries(c.names).flatMap(([lang, name]) => (name ? [{ category_id: c.id, lang, name }] : [])),
  );
  await insertMissing(q, 'category_names', ['category_id', 'lang'], names);
}

/** One statement for the lot (the bench adds 5,000); rows already present are left alone: an operator's edits stay.
 * Resolves to the ids it added. */
export async function storeInstruments(q: Queryable, list: readonly MarketInstrument[]): Promise<number[]> {
  if (list.length === 0) return [];
  const cols = (keys: readonly (keyof MarketInstrument)[]) => keys.map((k) => list.map((m) => m[k]));
  const added = await q.query<{ id: number }>(
    `INSERT INTO instruments (id, code, show_code, logo, category_id, market_class, price_precision, pip, min_cont,
       cont_num, margin_mode, multiples, fee_rate, base_price, annual_vol, tick_hz, sort, asset_class)
     SELECT id, code, show_code, logo, category_id, market_class, price_precision, pip, min_cont, cont_num,
       margin_mode, multiples::int[], fee_rate, base_price, annual_vol, tick_hz, sort, asset_class
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::smallint[],
         $8::numeric[], $9::numeric[], $10::numeric[], $11::smallint[], $12::text[], $13::numeric[], $14::numeric[],
         $15::float8[], $16::float8[], $17::int[], $18::text[])
         AS t(id, code, show_code, logo, category_id, market_class, price_precision, pip, min_cont, cont_num,
           margin_mode, multiples, fee_rate, base_price, annual_vol, tick_hz, sort, asset_class)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [
      ...cols(['id', 'code', 'showCode', 'logo', 'categoryId', 'cls', 'pricePrecision', 'pip', 'minCont', 'contNum']),
      ...cols(['marginMode']),
      list.map((m) => `{${m.multiples.join(',')}}`), // an array literal per row: unnest cannot take an array of arrays
      ...cols(['feeRate', 'basePrice', 'annualVol', 'tickHz', 'sort']),
      list.map((m) => assetClassOf(m)),
    ],
  );
  return added.map((r) => Number(r.id));
}

/** Only an instrument added now gets its mark-up, so an upgrade never changes the prices of an install. */
async function seedInstruments(q: Queryable): Promise<void> {
  const seeded = INSTRUMENTS.map((d, sort) => instrumentFromDef(d, logoPath(d.code), sort + 1, false));
  const added = new Set(await storeInstruments(q, seeded));
  const marked = INSTRUMENTS.filter((d) => added.has(d.id));
  const rules = marked.map((d) => ({ instrument_id: d.id, spread_mode: 'fixed', spread_points: d.spreadPoints }));
  await insertMissing(q, 'feed_rules', ['instrument_id'], rules);
}

export const marketSeeder: Seeder = {
  name: 'market',
  async run(q, now) {
    await seedCategories(q, CATEGORIES);
    await seedInstruments(q);
    const rows = await q.query<{ id: number }>(
      `SELECT i.id FROM instruments i
       WHERE NOT EXISTS (SELECT 1 FROM kline_chunks k WHERE k.instrument_id = i.id AND k.period = 60)`,
    );
    const missing = new Set(rows.map((r) => Number(r.id)));
    if (missing.size === 0) return;
    const instruments = (await loadInstruments(q)).filter((i) => missing.has(i.id));
    await syncHistory(q, instruments, now, DEFAULT_MARKET_SEED);
  },
};
