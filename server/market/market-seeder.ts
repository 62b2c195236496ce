// Kline history is seeded here so the test template database already carries it.
import type { Queryable } from '../db/db.ts';
import type { Seeder } from '../db/seeds/seeder.ts';
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
  await q.query(
    `INSERT INTO categories (id, sort) SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT (id) DO NOTHING`,
    [categories.map((c) => c.id), categories.map((c) => c.sort)],
  );
  const ids: number[] = [];
  const langs: string[] = [];
  const names: string[] = [];
  for (const c of categories) {
    for (const [lang, name] of Object.entries(c.names)) {
      if (!name) continue;
      ids.push(c.id);
      langs.push(lang);
      names.push(name);
    }
  }
  await q.query(
    `INSERT INTO category_names (category_id, lang, name) SELECT * FROM unnest($1::int[], $2::text[], $3::text[])
     ON CONFLICT (category_id, lang) DO NOTHING`,
    [ids, langs, names],
  );
}

/** Rows already present are left alone: an operator's edits survive restarts. */
export async function storeInstruments(q: Queryable, list: readonly MarketInstrument[]): Promise<void> {
  const present = new Set((await q.query<{ id: number }>('SELECT id FROM instruments')).map((r) => Number(r.id)));
  for (const m of list) {
    if (present.has(m.id)) continue;
    await q.query(
      `INSERT INTO instruments (id, code, show_code, logo, category_id, market_class, price_precision, pip, min_cont,
         cont_num, margin_mode, multiples, fee_rate, base_price, annual_vol, tick_hz, sort, asset_class)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::int[], $13, $14, $15, $16, $17, $18)
       ON CONFLICT (id) DO NOTHING`,
      [
        m.id,
        m.code,
        m.showCode,
        m.logo,
        m.categoryId,
        m.cls,
        m.pricePrecision,
        m.pip,
        m.minCont,
        m.contNum,
        m.marginMode,
        m.multiples,
        m.feeRate,
        m.basePrice,
        m.annualVol,
        m.tickHz,
        m.sort,
        assetClassOf(m),
      ],
    );
  }
}

const seedInstruments = (q: Queryable): Promise<void> =>
  storeInstruments(
    q,
    INSTRUMENTS.map((d, sort) => instrumentFromDef(d, logoPath(d.code), sort + 1, false)),
  );

export const marketSeeder: Seeder = {
  name: 'market',
  async run(q, now) {
    await seedCategories(q, CATEGORIES);
    await seedInstruments(q);
    const missing = new Set(
      (
        await q.query<{ id: number }>(
          `SELECT i.id FROM instruments i
           WHERE NOT EXISTS (SELECT 1 FROM kline_chunks k WHERE k.instrument_id = i.id AND k.period = 60)`,
        )
      ).map((r) => Number(r.id)),
    );
    if (missing.size === 0) return;
    const instruments = (await loadInstruments(q)).filter((i) => missing.has(i.id));
    await syncHistory(q, instruments, now, DEFAULT_MARKET_SEED);
  },
};
