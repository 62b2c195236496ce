// The database layer on the active backend (TEST_DB): type mapping, transactions, migrations (ordered, recorded,
// idempotent, atomic), idempotent seeding, and the ledger (no overdraft, one record per balance change, exact sums).
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dec } from '../../../domain/decimal.ts';
import { createUser } from '../../../server/accounts/create-user.ts';
import type { Db } from '../../../server/db/db.ts';
import { loadMigrations, MIGRATIONS_DIR, migrate } from '../../../server/db/migrate.ts';
import { seed } from '../../../server/db/seeds/index.ts';
import { ApiError } from '../../../server/http/envelope.ts';
import { getAccount, move, moveAll } from '../../../server/ledger/ledger.ts';
import { exactMoneyText as moneyText } from '../../../domain/format/money-text.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { countRows, startTestServer, type TestServer } from '../support/harness.ts';

let server: TestServer;
let db: Db;
const NOW = Date.UTC(2026, 0, 6, 12);

beforeAll(async () => {
  server = await startTestServer({ market: { manual: true } });
  db = server.ctx.db;
});
afterAll(async () => {
  await server?.close();
});

async function newUser(): Promise<number> {
  return db.tx((q) => createUser(q, { passwordHash: '' }, NOW));
}

describe('query interface', () => {
  it('returns NUMERIC and BIGINT as exact strings, INTEGER as numbers', async () => {
    const rows = await db.query<{ n: string; b: string; i: number; c: string }>(
      `SELECT 12345678901234567.12345678::numeric AS n, 9007199254740993::bigint AS b, 42::int AS i, count(*) AS c
         FROM (VALUES (1), (2)) v(x)`,
    );
    expect(rows[0]).toEqual({ n: '12345678901234567.12345678', b: '9007199254740993', i: 42, c: '2' });
  });

  it('commits a transaction, and rolls everything back when it throws', async () => {
    await db.exec('CREATE TABLE tx_probe (v INTEGER NOT NULL)');
    await db.tx(async (q) => {
      await q.query('INSERT INTO tx_probe (v) VALUES ($1)', [1]);
    });
    await expect(
      db.tx(async (q) => {
        await q.query('INSERT INTO tx_probe (v) VALUES ($1)', [2]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(
      db.tx(async (q) => {
        await q.query('INSERT INTO tx_probe (v) VALUES ($1)', [3]);
        await q.query('INSERT INTO tx_probe (v) VALUES ($1)', [null]); // NOT NULL violation
      }),
    ).rejects.toThrow();
    const rows = await db.query<{ v: number }>('SELECT v FROM tx_probe ORDER BY v');
    expect(rows).toEqual([{ v: 1 }]);
  });

  it('on PostgreSQL, runs statements with parameters as named prepared statements, the same answers', async () => {
    const sql = 'SELECT $1::int + 1 AS n';
    const names = await db.tx(async (q) => {
      expect(await q.query(sql, [1])).toEqual([{ n: 2 }]);
      expect(await q.query(sql, [41])).toEqual([{ n: 42 }]); // the second call reuses the parsed statement
      if (db.kind !== 'postgres') return [];
      return q.query<{ name: string }>('SELECT name FROM pg_prepared_statements WHERE statement = $1', [sql]);
    });
    if (db.kind === 'postgres')
      expect(names).toEqual([{ name: expect.stringMatching(/^tw_[0-9a-f]{24}$/) as unknown }]);
  });
});

describe('migrations', () => {
  it('the real migrations are numbered uniquely and already applied (a second run does nothing)', async () => {
    const list = loadMigrations();
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((m) => m.version)).size).toBe(list.length);
    expect(await migrate(db, NOW)).toEqual([]);
    const recorded = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(recorded.map((r) => r.version)).toEqual(list.map((m) => m.version));
  });

  it('applies pending files in numeric order, records them, and skips them next time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tickwise-mig-'));
    try {
      // File names sort differently as text ("910" < "95x" would not matter; "9010"-style is not allowed): numbers decide.
      writeFileSync(join(dir, '912-third.sql'), "INSERT INTO mig_order (name) VALUES ('third');");
      writeFileSync(join(dir, '901-first.sql'), 'CREATE TABLE mig_order (id SERIAL PRIMARY KEY, name TEXT NOT NULL);');
      writeFileSync(
        join(dir, '905-second.sql'),
        "INSERT INTO mig_order (name) VALUES ('second');\nINSERT INTO mig_order (name) VALUES ('second-b');",
      );
      writeFileSync(join(dir, 'README.txt'), 'not a migration');
      expect(await migrate(db, NOW, dir)).toEqual([901, 905, 912]);
      expect(await migrate(db, NOW, dir)).toEqual([]);
      const rows = await db.query<{ name: string }>('SELECT name FROM mig_order ORDER BY id');
      expect(rows.map((r) => r.name)).toEqual(['second', 'second-b', 'third']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a failing migration leaves nothing behind and stops the run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tickwise-mig-'));
    try {
      writeFileSync(join(dir, '930-half.sql'), 'CREATE TABLE half_done (id INTEGER);\nSELECT * FROM no_such_table;');
      writeFileSync(join(dir, '931-after.sql'), 'CREATE TABLE after_fail (id INTEGER);');
      await expect(migrate(db, NOW, dir)).rejects.toThrow();
      const exists = await db.query<{ n: string }>(
        "SELECT count(*)::text AS n FROM information_schema.tables WHERE table_name IN ('half_done', 'after_fail')",
      );
      expect(exists[0]?.n).toBe('0');
      const recorded = await db.query('SELECT version FROM schema_migrations WHERE version IN (930, 931)');
      expect(recorded).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses two files with one number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tickwise-mig-'));
    try {
      writeFileSync(join(dir, '940-a.sql'), 'SELECT 1;');
      writeFileSync(join(dir, '940-b.sql'), 'SELECT 1;');
      expect(() => loadMigrations(dir)).toThrow(/940/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('965 moves an index seeded with New York hours to Frankfurt, and the class stays checked', async () => {
    // The database as it was: GER40 in the US indices' class.
    await db.query("UPDATE instruments SET market_class = 'index' WHERE code = 'GER40'");
    const dir = mkdtempSync(join(tmpdir(), 'tickwise-mig-'));
    try {
      const [file = ''] = readdirSync(MIGRATIONS_DIR).filter((f) => f.startsWith('965-'));
      copyFileSync(join(MIGRATIONS_DIR, file), join(dir, '966-again.sql'));
      expect(await migrate(db, NOW, dir)).toEqual([966]);
      const rows = await db.query<{ code: string; market_class: string }>(
        "SELECT code, market_class FROM instruments WHERE code IN ('GER40', 'US30') ORDER BY code",
      );
      expect(rows).toEqual([
        { code: 'GER40', market_class: 'eu-index' },
        { code: 'US30', market_class: 'index' },
      ]);
      await expect(db.query("UPDATE instruments SET market_class = 'moon' WHERE code = 'GER40'")).rejects.toThrow();
    } finally {
      await db.query('DELETE FROM schema_migrations WHERE version = 966');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('seeding again changes nothing and keeps operator edits', async () => {
    await db.query("UPDATE settings SET value = 'https://support.example.org' WHERE key = 'service_link'");
    const tables = ['settings', 'area_codes', 'companies'];
    const before = await countRows(server.ctx, tables);
    await seed(db, NOW);
    await seed(db, NOW);
    expect(await countRows(server.ctx, tables)).toEqual(before);
    const link = await db.query<{ value: string }>("SELECT value FROM settings WHERE key = 'service_link'");
    expect(link[0]?.value).toBe('https://support.example.org');
    expect(before.area_codes).toBeGreaterThanOrEqual(12);
  });

  it('seeding adds back a missing company, story and language, and leaves an edited text as it is', async () => {
    const texts = (slug: string) =>
      db.query<{ lang: string; title: string }>(
        'SELECT t.lang, t.title FROM news_texts t JOIN news n ON n.id = t.news_id WHERE n.slug = $1 ORDER BY t.lang',
        [slug],
      );
    const dollar = await texts('en-dollar-cpi');
    const oil = await texts('en-oil-opec');
    await db.query("DELETE FROM companies WHERE name = 'Harbour Line Brokerage Ltd'");
    await db.query(
      "DELETE FROM news_texts WHERE lang = 'hk' AND news_id = (SELECT id FROM news WHERE slug = 'en-dollar-cpi')",
    );
    await db.query(
      "UPDATE news_texts SET title = 'Edited by the desk' WHERE lang = 'en' AND news_id = (SELECT id FROM news WHERE slug = 'en-dollar-cpi')",
    );
    await db.query("DELETE FROM news_texts WHERE news_id = (SELECT id FROM news WHERE slug = 'en-oil-opec')");
    await db.query("DELETE FROM news WHERE slug = 'en-oil-opec'");
    await seed(db, NOW);
    const companies = await db.query("SELECT 1 FROM companies WHERE name = 'Harbour Line Brokerage Ltd'");
    expect(companies).toHaveLength(1);
    expect(await texts('en-dollar-cpi')).toEqual(
      dollar.map((t) => (t.lang === 'en' ? { ...t, title: 'Edited by the desk' } : t)),
    );
    expect(await texts('en-oil-opec')).toEqual(oil);
  });
});

async function recordSum(userId: number): Promise<string> {
  const rows = await db.query<{ s: string | null }>(
    'SELECT sum(value)::text AS s FROM financial_records WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.s ?? '0';
}

describe('ledger', () => {
  it('credits, locks, releases and debits with one record per balance change', async () => {
    const id = await newUser();
    const t = { type: RecordType.MEMO, memo: 'test', at: NOW };
    expect(await db.tx((q) => move(q, id, { ...t, balance: '100.10' }))).toEqual({
      balance: '100.10000000',
      lock_balance: '0.00000000',
    });
    // Lock 40: balance → locked. The balance changed, so one record of −40.
    await db.tx((q) => move(q, id, { ...t, balance: '-40', lock: '40' }));
    // A lock-only change (e.g. a correction between two locked amounts) writes no record.
    await db.tx((q) => move(q, id, { ...t, lock: '-0.1' }));
    const acc = await getAccount(db, id);
    expect(acc).toEqual({ balance: '60.10000000', lock_balance: '39.90000000' });
    const records = await db.query<{ value: string; balance_after: string }>(
      'SELECT value, balance_after FROM financial_records WHERE user_id = $1 ORDER BY id',
      [id],
    );
    expect(records).toEqual([
      { value: '100.10000000', balance_after: '100.10000000' },
      { value: '-40.00000000', balance_after: '60.10000000' },
    ]);
    expect(dec(await recordSum(id)).eq(acc?.balance ?? '')).toBe(true);
  });

  it('moveAll: the same records and balances as one move each, refused when any step would go below zero', async () => {
    const id = await newUser();
    const t = { type: RecordType.MEMO, memo: 'test', at: NOW };
    await db.tx((q) => move(q, id, { ...t, balance: '100' }));
    // An order's margin lock and fee: two records, each with the balance it left.
    const after = await db.tx((q) =>
      moveAll(q, id, [
        { ...t, balance: '-40', lock: '40', memo: 'margin' },
        { ...t, lock: '1' }, // lock only: no record, as with move()
        { ...t, balance: '-0.25', memo: 'fee', at: NOW + 1 },
      ]),
    );
    expect(after).toEqual({ balance: '59.75000000', lock_balance: '41.00000000' });
    const records = await db.query<{ value: string; memo: string; balance_after: string; created_at: string }>(
      'SELECT value, memo, balance_after, created_at::text FROM financial_records WHERE user_id = $1 ORDER BY id',
      [id],
    );
    expect(records.slice(1)).toEqual([
      { value: '-40.00000000', memo: 'margin', balance_after: '60.00000000', created_at: String(NOW) },
      { value: '-0.25000000', memo: 'fee', balance_after: '59.75000000', created_at: String(NOW + 1) },
    ]);
    expect(dec(await recordSum(id)).eq(after.balance)).toBe(true);
    // −70 then +70 sums to zero but goes below zero on the way: refused, like two moves, and nothing changes.
    const before = await countRows(server.ctx, ['financial_records']);
    await expect(
      db.tx((q) =>
        moveAll(q, id, [
          { ...t, balance: '-70' },
          { ...t, balance: '70' },
        ]),
      ),
    ).rejects.toMatchObject({ key: 'insufficient_balance' });
    expect(await getAccount(db, id)).toEqual(after);
    expect(await countRows(server.ctx, ['financial_records'])).toEqual(before);
  });

  it('refuses to take the available or the locked balance below zero, and changes nothing', async () => {
    const id = await newUser();
    const t = { type: RecordType.MEMO, memo: 'test', at: NOW };
    await db.tx((q) => move(q, id, { ...t, balance: '10' }));
    const before = await countRows(server.ctx, ['financial_records']);
    await expect(db.tx((q) => move(q, id, { ...t, balance: '-10.00000001' }))).rejects.toMatchObject({
      key: 'insufficient_balance',
    });
    await expect(db.tx((q) => move(q, id, { ...t, lock: '-1' }))).rejects.toBeInstanceOf(ApiError);
    // All or nothing inside one transaction: the first move is undone with the refused second one.
    await expect(
      db.tx(async (q) => {
        await move(q, id, { ...t, balance: '-5', lock: '5' });
        await move(q, id, { ...t, balance: '-6', lock: '6' });
      }),
    ).rejects.toMatchObject({ key: 'insufficient_balance' });
    expect(await getAccount(db, id)).toEqual({ balance: '10.00000000', lock_balance: '0.00000000' });
    expect(await countRows(server.ctx, ['financial_records'])).toEqual(before);
    await db.tx((q) => move(q, id, { ...t, balance: '-10' })); // exactly to zero is fine
    expect((await getAccount(db, id))?.balance).toBe('0.00000000');
  });

  it('rejects amounts the NUMERIC(24,8) column cannot hold exactly', async () => {
    const id = await newUser();
    const t = { type: RecordType.MEMO, memo: 'test', at: NOW };
    await expect(db.tx((q) => move(q, id, { ...t, balance: '0.000000001' }))).rejects.toThrow(RangeError);
    await expect(db.tx((q) => move(q, id, { ...t, balance: '1e16' }))).rejects.toThrow(RangeError);
  });

  it('keeps sum(records) = balance exactly over a long random sequence', async () => {
    const id = await newUser();
    let seedState = 12345;
    const rand = (): number => {
      seedState = (seedState * 1103515245 + 12345) % 2147483648;
      return seedState / 2147483648;
    };
    let refused = 0;
    for (let i = 0; i < 150; i++) {
      const cents = dec(Math.floor(rand() * 2_000_000) - 900_000).div(1000); // −900.000 … +1099.999, 3 decimals
      const lock =
        rand() < 0.3
          ? dec(Math.floor(rand() * 50_000))
              .div(100)
              .neg()
              .plus(100)
          : dec(0);
      try {
        await db.tx((q) => move(q, id, { balance: cents, lock, type: RecordType.MEMO, memo: `r${i}`, at: NOW + i }));
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0); // the sequence did try to overdraw
    const acc = await getAccount(db, id);
    expect(dec(acc?.balance ?? '-1').gte(0)).toBe(true);
    expect(dec(acc?.lock_balance ?? '-1').gte(0)).toBe(true);
    expect(dec(await recordSum(id)).eq(acc?.balance ?? '')).toBe(true);
    // Every record's balance_after chains from the previous one.
    const records = await db.query<{ value: string; balance_after: string }>(
      'SELECT value, balance_after FROM financial_records WHERE user_id = $1 ORDER BY id',
      [id],
    );
    let running = dec(0);
    for (const r of records) {
      running = running.plus(r.value);
      expect(running.eq(r.balance_after)).toBe(true);
    }
  });

  it('concurrent debits never spend the same money twice', async () => {
    const id = await newUser();
    await db.tx((q) => move(q, id, { balance: '100', type: RecordType.MEMO, memo: 'fund', at: NOW }));
    const attempts = Array.from({ length: 15 }, (_, i) =>
      db
        .tx((q) => move(q, id, { balance: '-10', type: RecordType.MEMO, memo: `spend${i}`, at: NOW }))
        .then(
          () => 'ok' as const,
          (err: unknown) => {
            if (err instanceof ApiError && err.key === 'insufficient_balance') return 'refused' as const;
            throw err;
          },
        ),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect((await getAccount(db, id))?.balance).toBe('0.00000000');
    expect(dec(await recordSum(id)).isZero()).toBe(true);
  });

  it('formats money for the wire exactly, with at least two decimals', () => {
    expect(moneyText('100000.00000000')).toBe('100000.00');
    expect(moneyText('0.12345678')).toBe('0.12345678');
    expect(moneyText('-3.10000000')).toBe('-3.10');
    expect(moneyText('7')).toBe('7.00');
  });
});
