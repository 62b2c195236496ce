// The health check's database round trip: resolves when the database answers, rejects when it does not.
import type { Queryable } from './db.ts';

export async function ping(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
