// The served page's risk warning (server/retail/loss-figure.ts pageRiskWarning): one read of the database serves the
// pages of PAGE_WARNING_MS, and a read that failed gives the page no warning and is tried again on the next visit.
import { describe, expect, it } from 'vitest';
import { PAGE_WARNING_MS, pageRiskWarning } from '../../../../server/retail/loss-figure.ts';
import type { Queryable } from '../../../../server/db/db.ts';

function fakeDb() {
  const db = { reads: 0, down: false, protection: '1' };
  const q: Queryable = {
    query: <T>(sql: string) => {
      db.reads++;
      if (db.down) return Promise.reject(new Error('connection refused'));
      const rows = sql.includes('settings') ? [{ key: 'retail_protection', value: db.protection }] : [];
      return Promise.resolve(rows as T[]);
    },
  };
  return { db, q };
}

describe('pageRiskWarning', () => {
  it('reads once per PAGE_WARNING_MS', async () => {
    const { db, q } = fakeDb();
    let now = 0;
    const warning = pageRiskWarning(q, { now: () => now });
    expect(await warning()).toEqual({ shown: true, percent: null, computed_at: null });
    const reads = db.reads;
    db.protection = '0';
    now = PAGE_WARNING_MS - 1;
    expect(await warning()).toEqual({ shown: true, percent: null, computed_at: null });
    expect(db.reads).toBe(reads);
    now = PAGE_WARNING_MS;
    expect(await warning()).toEqual({ shown: false, percent: null, computed_at: null });
  });

  it('gives no warning when the read fails, and reads again on the next visit', async () => {
    const { db, q } = fakeDb();
    const warning = pageRiskWarning(q, { now: () => 0 });
    db.down = true;
    expect(await warning()).toBeNull();
    db.down = false;
    expect(await warning()).toEqual({ shown: true, percent: null, computed_at: null });
  });
});
