// The soak's processes talk over Node's IPC channel: requests {id, op, ...} answered {id, value} or {id, error}.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';

export interface Request {
  id: number;
  op: string;
  [key: string]: unknown;
}

interface Reply {
  id: number;
  value?: unknown;
  error?: string;
}

interface Ask {
  ask: number;
  op: string;
  [key: string]: unknown;
}

export interface Note {
  note: string;
  [key: string]: unknown;
}

export interface Child {
  proc: ChildProcess;
  /** "" when not pinned. */
  cpus: string;
  request<T>(op: string, body?: Record<string, unknown>): Promise<T>;
  next(note: string): Promise<Note>;
  onNote(fn: (n: Note) => void): void;
  onAsk(fn: (op: string, body: Record<string, unknown>) => Promise<unknown>): void;
  exited: Promise<number>;
}

const TASKSET = '/usr/bin/taskset';

/** The server gets the first half of the cores, the load the rest; not pinned on one core or without taskset. */
export function cpuSplit(env: NodeJS.ProcessEnv = process.env): { server: string; load: string } {
  const n = availableParallelism();
  if (!existsSync(TASKSET) || n < 2) return { server: env.SOAK_SERVER_CPUS ?? '', load: env.SOAK_LOAD_CPUS ?? '' };
  const half = Math.floor(n / 2);
  const range = (a: number, b: number): string => (a === b ? String(a) : `${a}-${b}`);
  return { server: env.SOAK_SERVER_CPUS ?? range(0, half - 1), load: env.SOAK_LOAD_CPUS ?? range(half, n - 1) };
}

/** Under taskset when `cpus` is set, so the server's figures are not the load's. */
export function startChild(
  entry: string,
  opts: { cpus: string; env?: Record<string, string>; nodeArgs?: string[] },
): Child {
  const node = [process.execPath, ...(opts.nodeArgs ?? []), entry]; // Node erases the types itself (README.md)
  const [cmd, ...args] = opts.cpus && existsSync(TASKSET) ? [TASKSET, '-c', opts.cpus, ...node] : node;
  const proc = spawn(cmd as string, args, {
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (d: Buffer): void => void (output = (output + d.toString()).slice(-20_000));
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  let nextId = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const noteFns: Array<(n: Note) => void> = [];
  let askFn: ((op: string, body: Record<string, unknown>) => Promise<unknown>) | null = null;
  proc.on('message', (msg: object) => {
    if ('ask' in msg) {
      const { ask, op, ...body } = msg as Ask;
      const answer = askFn ? askFn(op, body) : Promise.reject(new Error('no answers here'));
      answer.then(
        (value) => proc.connected && proc.send({ answer: ask, value: value ?? null }),
        (err: unknown) => proc.connected && proc.send({ answer: ask, error: String(err) }),
      );
      return;
    }
    if ('note' in msg) {
      for (const fn of [...noteFns]) fn(msg as Note);
      return;
    }
    const m = msg as Reply;
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error !== undefined) w.reject(new Error(m.error));
    else w.resolve(m.value);
  });
  const exited = new Promise<number>((resolve) => {
    proc.once('exit', (code) => {
      for (const w of waiting.values()) w.reject(new Error(`${entry} exited (${code}):\n${output.slice(-2000)}`));
      waiting.clear();
      resolve(code ?? 1);
    });
  });
  return {
    proc,
    cpus: opts.cpus,
    exited,
    request: <T>(op: string, body: Record<string, unknown> = {}): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        if (!proc.connected) return reject(new Error(`${entry} is gone:\n${output.slice(-2000)}`));
        const id = nextId++;
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        proc.send({ id, op, ...body } satisfies Request, (err) => {
          if (err && waiting.delete(id)) reject(err);
        });
      }),
    onNote: (fn) => noteFns.push(fn),
    onAsk: (fn) => void (askFn = fn),
    next: (note) =>
      new Promise<Note>((resolve, reject) => {
        const fn = (n: Note): void => {
          if (n.note !== note) return;
          noteFns.splice(noteFns.indexOf(fn), 1);
          resolve(n);
        };
        noteFns.push(fn);
        void exited.then((code) =>
          reject(new Error(`${entry} exited (${code}) before "${note}":\n${output.slice(-2000)}`)),
        );
      }),
  };
}

const asked = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
let nextAsk = 1;

/** E.g. an operator's command only the server process runs. */
export const askParent = <T>(op: string, body: Record<string, unknown> = {}): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const ask = nextAsk++;
    asked.set(ask, { resolve: resolve as (v: unknown) => void, reject });
    process.send?.({ ask, op, ...body });
  });

/** An unknown op or a throw becomes an error reply, never a crash of the child. */
export function serveParent(handlers: Record<string, (req: Request) => unknown>): void {
  process.on('message', (msg: object) => {
    if ('answer' in msg) {
      const a = msg as { answer: number; value?: unknown; error?: string };
      const w = asked.get(a.answer);
      asked.delete(a.answer);
      if (a.error !== undefined) w?.reject(new Error(a.error));
      else w?.resolve(a.value);
      return;
    }
    const req = msg as Request;
    const handler = handlers[req.op];
    void (async () => {
      try {
        if (!handler) throw new Error(`unknown op ${req.op}`);
        process.send?.({ id: req.id, value: (await handler(req)) ?? null });
      } catch (err) {
        process.send?.({ id: req.id, error: err instanceof Error ? err.message : String(err) });
      }
    })();
  });
}

export const note = (n: Note): void => void process.send?.(n);
