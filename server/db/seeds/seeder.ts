// Seeders run on every start and never overwrite what an operator changed.
import type { Queryable } from '../db.ts';

export interface Seeder {
  name: string;
  run(q: Queryable, now: number): Promise<void>;
}

/** Table and column names are the seeders' constants, never input. */
export async function insertMissing(
  q: Queryable,
  table: string,
  key: readonly string[],
  rows: ReadonlyArray<Readonly<Record<string, unknown>>>,
): Promise<void> {
  for (const row of rows) {
    const columns = Object.keys(row);
    const marks = columns.map((_, i) => `$${i + 1}`).join(', ');
    await q.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${marks}) ON CONFLICT (${key.join(', ')}) DO NOTHING`,
      Object.values(row),
    );
  }
}

/** A seeder that only adds the rows whose key is missing. */
export const rowsSeeder = (
  name: string,
  table: string,
  key: readonly string[],
  rows: ReadonlyArray<Readonly<Record<string, unknown>>>,
): Seeder => ({ name, run: (q) => insertMissing(q, table, key, rows) });
