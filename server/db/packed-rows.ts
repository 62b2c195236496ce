// PGlite copies every field of an answer apart, so wide batches come back as one natively parsed JSON text per row.
import type { Queryable } from './db.ts';

export class PackedRows<T> {
  private readonly names: readonly string[];
  private readonly columns: readonly string[];

  /** NUMERIC and BIGINT with `::text`: json_build_array would write a JSON number, unlike a plain SELECT. */
  constructor(columns: readonly string[]) {
    this.columns = columns;
    this.names = columns.map((c) => c.split('::')[0] ?? c);
  }

  /** `table` qualifies the columns (an UPDATE … FROM). */
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

  async query(q: Queryable, sql: string, params: readonly unknown[]): Promise<T[]> {
    return this.unpack(await q.query<{ packed: string }>(sql, params));
  }
}
