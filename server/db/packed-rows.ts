// Wide batches read back as one JSON text per row. PGlite decodes and copies every field of an answer apart, which for
// hundreds of wide rows costs more than the statement; one text per row, parsed natively, costs about a quarter.
// Each row keeps the types a plain SELECT gives on both databases: INTEGER and SMALLINT as numbers, and NUMERIC and
// BIGINT as exact text, so every such column is listed with `::text` (json_build_array would write a JSON number).
import type { Queryable } from './db.ts';

export class PackedRows<T> {
  private readonly names: readonly string[];

  /** `columns`: the table's columns as a SELECT would list them, NUMERIC and BIGINT ones with `::text`. */
  constructor(private readonly columns: readonly string[]) {
    this.names = columns.map((c) => c.split('::')[0] ?? c);
  }

  /** The select-list item (or RETURNING item) `packed`; `table` qualifies the columns (an UPDATE … FROM). */
  select(table = ''): string {
    const prefix = table ? `${table}.` : '';
    return `json_build_array(${this.columns.map((c) => prefix + c).join(', ')})::text AS packed`;
  }

  unpack(rows: ReadonlyArray<{ packed: string }>): T[] {
    const names = this.names;
    return rows.map((r) => {
      const values = JSON.parse(r.packed) as unknown[];
      const row: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) row[names[i] as string] = values[i];
      return row as T;
    });
  }

  /** Runs `sql`, whose select list (or RETURNING) is `this.select()`, and answers the rows. */
  async query(q: Queryable, sql: string, params: readonly unknown[]): Promise<T[]> {
    return this.unpack(await q.query<{ packed: string }>(sql, params));
  }
}
