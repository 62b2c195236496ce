// PGlite in a worker thread (PGLITE_WORKER=1), so its synchronous WASM work runs beside the event loop, not on it.
import { Worker } from 'node:worker_threads';
import type { Timers } from '../../domain/time.ts';
import { systemTimers } from '../core/system-time.ts';
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

/** How a bridge starts its worker; a test gives its own worker and timers. */
export interface WorkerStart {
  spawn: (start: BridgeStart) => Worker;
  timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>;
  /** How long PGlite may take to open, many times a slow host's start under load. */
  ms: number;
}

/** Node erases the entry's types itself; no flags: a Worker refuses some of the process's own (--expose-gc). */
export const WORKER_START: WorkerStart = {
  spawn: (start) =>
    new Worker(new URL('./pglite-worker-entry.ts', import.meta.url), { workerData: start, execArgv: [] }),
  timers: systemTimers,
  ms: 120_000,
};

/**
 * A worker not open in time is ended and started once more, as under load its WebAssembly can fail to come up; a
 * second such start fails with the reason instead of waiting for ever.
 */
export async function openPgliteWorker(opts: PgliteOptions, how: WorkerStart = WORKER_START): Promise<PgliteDb> {
  const start: BridgeStart = {
    dataDir: opts.dataDir,
    ...(opts.loadDataDir ? { loadDataDir: new Uint8Array(await opts.loadDataDir.arrayBuffer()) } : {}),
  };
  for (let tries = 1; ; tries++) {
    const worker = how.spawn(start);
    try {
      return await bridge(worker, how);
    } catch (err) {
      await worker.terminate();
      if (!(err instanceof NotStarted) || tries === 2) throw err;
      console.warn(`db: ${err.message}; starting it once more`);
    }
  }
}

class NotStarted extends Error {}

async function bridge(worker: Worker, { timers, ms }: WorkerStart): Promise<PgliteDb> {
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
  const late = timers.setTimeout(() => fail(new NotStarted(`PGlite's worker did not open in ${ms / 1000} s`)), ms);
  try {
    await call({ op: 'query' }, 0); // the worker's 'ready' (id 0): PGlite is open
  } finally {
    timers.clearTimeout(late);
  }
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
