// PGlite in a worker thread (PGLITE_WORKER=1), so its synchronous WASM work runs beside the event loop, not on it.
import { Worker } from 'node:worker_threads';
import type { TxQueryable } from './db.ts';
import type { PgliteDb, PgliteOptions } from './pglite.ts';

export interface BridgeStart {
  dataDir: string;
  loadDataDir?: Uint8Array<ArrayBuffer>;
}

export interface BridgeRequest {
  id: number;
  op: 'query' | 'exec' | 'begin' | 'end' | 'dump' | 'close';
  sql?: string;
  params?: unknown[];
  tx?: number;
  commit?: boolean;
}

export interface BridgeReply {
  id: number;
  value?: unknown;
  error?: Record<string, unknown>;
}

export async function openPgliteWorker(opts: PgliteOptions): Promise<PgliteDb> {
  const start: BridgeStart = {
    dataDir: opts.dataDir,
    ...(opts.loadDataDir ? { loadDataDir: new Uint8Array(await opts.loadDataDir.arrayBuffer()) } : {}),
  };
  // Node erases the entry's types itself; no flags: a Worker refuses some of the process's own (--expose-gc).
  const worker = new Worker(new URL('./pglite-worker-entry.ts', import.meta.url), { workerData: start, execArgv: [] });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;
  const fail = (err: Error): void => {
    failure = err;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  worker.on('message', (m: BridgeReply) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error) w.reject(Object.assign(new Error(String(m.error.message)), m.error));
    else w.resolve(m.value);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the PGlite worker exited (${code})`)));
  const call = <T>(req: Omit<BridgeRequest, 'id'>, id = nextId++): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (failure) {
        reject(failure);
        return;
      }
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      if (id !== 0) worker.postMessage({ ...req, id } satisfies BridgeRequest);
    });
  await call({ op: 'query' }, 0); // the worker's 'ready' (id 0): PGlite is open
  const query = <R>(sql: string, params: readonly unknown[] = [], tx?: number): Promise<R[]> =>
    call<R[]>({ op: 'query', sql, params: [...params], tx });
  const exec = async (sql: string, tx?: number): Promise<void> => {
    await call({ op: 'exec', sql, tx });
  };
  const handle = (tx: number): TxQueryable => ({
    query: <R>(sql: string, params: readonly unknown[] = []) => query<R>(sql, params, tx),
    exec: (sql: string) => exec(sql, tx),
  });
  return {
    kind: 'pglite',
    query: <R>(sql: string, params: readonly unknown[] = []) => query<R>(sql, params),
    exec: (sql: string) => exec(sql),
    async tx<T>(fn: (q: TxQueryable) => Promise<T>): Promise<T> {
      const tx = await call<number>({ op: 'begin' });
      let result: T;
      try {
        result = await fn(handle(tx));
      } catch (err) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async dump(): Promise<Blob> {
      return new Blob([await call<Uint8Array<ArrayBuffer>>({ op: 'dump' })]);
    },
    async close(): Promise<void> {
      if (failure) return;
      await call({ op: 'close' });
      await worker.terminate();
    },
  };
}
