// The worker thread of server/db/pglite-bridge.ts; a transaction holds PGlite's mutex until the bridge ends it.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { createPglite } from './pglite.ts';
import type { BridgeReply, BridgeRequest, BridgeStart } from './pglite-bridge.ts';

/** Thrown inside PGlite's transaction to roll it back when the bridge's function failed. */
class Rollback extends Error {}

interface OpenTx {
  t: Transaction;
  finish: (commit: boolean) => void;
  done: Promise<unknown>;
}
const txs = new Map<number, OpenTx>();
let nextTx = 1;

async function begin(pg: PGlite): Promise<number> {
  let opened!: (t: Transaction) => void;
  const ready = new Promise<Transaction>((r) => {
    opened = r;
  });
  let finish!: (commit: boolean) => void;
  const ended = new Promise<boolean>((r) => {
    finish = r;
  });
  const done = pg.transaction(async (t) => {
    opened(t);
    if (!(await ended)) throw new Rollback();
  });
  // A failed BEGIN rejects `done` before `ready` resolves: surface it instead of waiting forever.
  const t = await Promise.race([
    ready,
    done.then(() => Promise.reject(new Error('transaction ended before it began'))),
  ]);
  const id = nextTx++;
  txs.set(id, { t, finish, done });
  return id;
}

async function end(id: number, commit: boolean): Promise<void> {
  const tx = txs.get(id);
  if (!tx) throw new Error(`no transaction ${id}`);
  txs.delete(id);
  tx.finish(commit);
  try {
    await tx.done;
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
}

async function handle(pg: PGlite, m: BridgeRequest): Promise<unknown> {
  const q = m.tx === undefined ? pg : txs.get(m.tx)?.t;
  if (!q) throw new Error(`no transaction ${m.tx}`);
  switch (m.op) {
    case 'query':
      return (await q.query(m.sql ?? '', m.params ?? [])).rows;
    case 'exec':
      await q.exec(m.sql ?? '');
      return null;
    case 'begin':
      return begin(pg);
    case 'end':
      await end(m.tx ?? 0, m.commit === true);
      return null;
    case 'dump':
      return new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
    case 'close':
      if (!pg.closed) await pg.close();
      return null;
  }
}

/** The bridge rebuilds an Error from these plain fields. */
function plain(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: Record<string, unknown> = { message: err.message };
  for (const [k, v] of Object.entries(err)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

/** Says it is ready (id 0) once PGlite is open, but listens before: an idle loop could wait on a GC of this thread
 * (docs/reliability.md "PGlite's worker listens from its first line"). */
export async function serveBridge(port: MessagePort, opening: Promise<PGlite>): Promise<void> {
  port.on('message', (m: BridgeRequest) => {
    opening
      .then((pg) => handle(pg, m))
      .then(
        (value) => port.postMessage({ id: m.id, value } satisfies BridgeReply),
        (err: unknown) => port.postMessage({ id: m.id, error: plain(err) } satisfies BridgeReply),
      );
  });
  await opening;
  port.postMessage({ id: 0, value: 'ready' } satisfies BridgeReply);
}

// Started by the bridge (its workerData), not imported by a test.
const start = workerData as Partial<BridgeStart> | null;
if (parentPort && typeof start?.dataDir === 'string') {
  await serveBridge(
    parentPort,
    createPglite({
      dataDir: start.dataDir,
      ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
    }),
  );
}
