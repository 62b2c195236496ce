// Kline history is seeded here so the test template database already carries it.
import type { Queryable } from '../db/db.ts';
import type { Seeder } from '../db/seeds/seeder.ts';
import { assetClassOf, INSTRUMENTS, logoPath, loadInstruments } from './instrument-catalogue.ts';
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

async function seedInstruments(q: Queryable): Promise<void> {
  // Rows already present are left alone: an operator's edits survive restarts.
  const present = new Set((await q.query<{ id: number }>('SELECT id FROM instruments')).map((r) => Number(r.id)));
  for (const [sort, d] of INSTRUMENTS.entries()) {
    if (present.has(d.id)) continue;
    await q.query(
      `INSERT INTO instruments (id, code, show_code, logo, category_id, market_class, price_precision, pip, min_cont,
         cont_num, margin_mode, multiples, fee_rate, base_price, annual_vol, tick_hz, sort, asset_class)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::int[], $13, $14, $15, $16, $17, $18)
       ON CONFLICT (id) DO NOTHING`,
      [
        d.id,
        d.code,
        d.showCode,
        logoPath(d.code),
        d.categoryId,
        d.cls,
        d.pricePrecision,
        d.pip,
        d.minCont,
        d.contNum,
        d.marginMode,
        d.multiples,
        d.feeRate,
        d.basePrice,
        d.annualVol,
        d.tickHz,
        sort + 1,
        assetClassOf(d),
      ],
    );
  }
}

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
