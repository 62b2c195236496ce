// Seeders run on every start and never overwrite what an operator changed.
import type { Queryable } from '../db.ts';

export interface Seeder {
  name: string;
  run(q: Queryable, now: number): Promise<void>;
}

/** Table and column names are the seeders' constants, never input. One statement for a run of rows with the same
 * columns, in their order: a start's seeding is a few round trips, not one a row. */
export async function insertMissing(
  q: Queryable,
  table: string,
  key: readonly string[],
  rows: ReadonlyArray<Readonly<Record<string, unknown>>>,
): Promise<void> {
  for (let from = 0; from < rows.length;) {
    const columns = Object.keys(rows[from] ?? {});
    let to = from + 1;
    while (to < rows.length && Object.keys(rows[to] ?? {}).join() === columns.join()) to++;
    const run = rows.slice(from, to);
    const marks = run.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
    await q.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${marks.join(', ')} ON CONFLICT (${key.join(', ')}) DO NOTHING`,
      run.flatMap((row) => Object.values(row)),
    );
    from = to;
  }
}

/** A seeder that only adds the rows whose key is missing. */
export const rowsSeeder = (
  name: string,
  table: string,
  key: readonly string[],
  rows: ReadonlyArray<Readonly<Record<string, unknown>>>,
): Seeder => ({ name, run: (q) => insertMissing(q, table, key, rows) });
