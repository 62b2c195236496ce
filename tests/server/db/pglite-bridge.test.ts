// PGlite in a worker thread (server/db/pglite-bridge.ts, PGLITE_WORKER=1) behaves as the in-process Db: queries and
// scripts, a transaction that commits, one that rolls back when its function throws, other queries waiting for an
// open transaction instead of joining it, PostgreSQL's error codes (the unique violation the sign-up relies on), and
// a dump that opens again, and a start that hangs ended and made once more. PGlite only: the bridge has no PostgreSQL
// side.
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPgliteWorker, WORKER_START, type WorkerStart } from '../../../server/db/pglite-bridge.ts';
import { openPglite, type PgliteDb } from '../../../server/db/pglite.ts';
import { slow } from '../../fixtures/slowness.ts';

let db: PgliteDb;

beforeAll(
  async () => {
    db = await openPgliteWorker({ dataDir: 'memory://' });
    await db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v NUMERIC(24, 8), at TIMESTAMPTZ)');
  },
  WORKER_START.ms + slow(120_000),
); // a hung first start waits out its limit before the second

afterAll(async () => {
  await db?.close();
});

describe('PGlite in a worker thread', () => {
  it('queries with parameters; NUMERIC comes back as exact text, TIMESTAMPTZ as a Date', async () => {
    await db.query('INSERT INTO t (id, v, at) VALUES ($1, $2, $3)', [1, '12345678901234.12345678', new Date(0)]);
    const [row] = await db.query<{ v: string; at: Date }>('SELECT v, at FROM t WHERE id = $1', [1]);
    expect(row?.v).toBe('12345678901234.12345678');
    expect(row?.at).toEqual(new Date(0));
  });

  it('commits a transaction, and rolls one back when its function throws', async () => {
    await db.tx(async (q) => {
      await q.query('INSERT INTO t (id) VALUES (2)');
    });
    await expect(
      db.tx(async (q) => {
        await q.query('INSERT INTO t (id) VALUES (3)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = await db.query<{ id: number }>('SELECT id FROM t WHERE id IN (2, 3) ORDER BY id');
    expect(ids.map((r) => r.id)).toEqual([2]);
  });

  it('a query from outside waits for an open transaction and sees its commit', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.tx(async (q) => {
      await q.query('INSERT INTO t (id) VALUES (4)');
      await held;
    });
    const outside = db.query<{ n: string }>('SELECT count(*) AS n FROM t WHERE id = 4');
    release();
    await tx;
    expect((await outside)[0]?.n).toBe('1');
  });

  it('keeps the SQLSTATE code of an error', async () => {
    await expect(db.query('INSERT INTO t (id) VALUES (1)')).rejects.toMatchObject({ code: '23505' });
  });

  it(
    'dumps a data directory that opens again',
    async () => {
      const copy = await openPglite({ dataDir: 'memory://', loadDataDir: await db.dump() });
      try {
        expect((await copy.query<{ n: string }>('SELECT count(*) AS n FROM t'))[0]?.n).toBe('3');
      } finally {
        await copy.close();
      }
    },
    slow(60_000),
  );
});

describe('a worker start that hangs', () => {
  /** Timers fired by the test; a worker that never says it is open, as the hung WebAssembly did. */
  function hangingStarts(hangs: number) {
    const due = new Map<number, () => void>();
    let next = 0;
    const spawned: Worker[] = [];
    const how: WorkerStart = {
      ms: WORKER_START.ms,
      timers: {
        setTimeout: (fn) => {
          due.set(++next, fn);
          return next;
        },
        clearTimeout: (h) => due.delete(h as number),
      },
      spawn: (start) => {
        const w =
          spawned.length < hangs
            ? new Worker('setInterval(() => {}, 1000)', { eval: true })
            : WORKER_START.spawn(start);
        spawned.push(w);
        return w;
      },
    };
    const exited = (w: Worker) => new Promise<void>((r) => w.once('exit', () => r()));
    /** Fires the start limit of the worker spawned `n`th, once it is waiting. */
    const timeOut = async (n: number): Promise<void> => {
      await vi.waitFor(() => expect(due.size === 1 && spawned.length === n).toBe(true), { timeout: slow(30_000) });
      const [h, fn] = [...due][0] as [number, () => void];
      due.delete(h);
      const gone = exited(spawned[n - 1] as Worker);
      fn();
      await gone;
    };
    return { how, spawned, timeOut };
  }

  it(
    'ends a worker that does not open in time and opens PGlite in a second one',
    async () => {
      const starts = hangingStarts(1);
      const opening = openPgliteWorker({ dataDir: 'memory://' }, starts.how);
      await starts.timeOut(1);
      const second = await opening;
      try {
        expect(starts.spawned).toHaveLength(2);
        expect((await second.query<{ n: number }>('SELECT 1 + 1 AS n'))[0]?.n).toBe(2);
      } finally {
        await second.close();
      }
    },
    slow(120_000),
  );

  it('fails with the reason when the second start hangs too, leaving no worker', async () => {
    const starts = hangingStarts(2);
    const opening = openPgliteWorker({ dataDir: 'memory://' }, starts.how);
    const refused = expect(opening).rejects.toThrow("PGlite's worker did not open in 120 s");
    await starts.timeOut(1);
    await starts.timeOut(2);
    await refused;
    expect(starts.spawned).toHaveLength(2);
  });
});
