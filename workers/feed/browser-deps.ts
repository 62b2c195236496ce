// The real host for the feed: globals of a dedicated worker or of the page (the ?feed=main mode).
// Only standard globals present in both scopes are used, so this compiles with the WebWorker and the DOM libs.
import { get, set } from 'idb-keyval';
import type { FeedCache, FeedDeps, FrameScheduler, SocketLike } from './deps.ts';

const FALLBACK_FRAME_MS = 16;

/** Adapts a real WebSocket to SocketLike (text frames only: the server never sends binary). */
export function browserSocket(url: string): SocketLike {
  const ws = new WebSocket(url);
  const s: SocketLike = {
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  ws.onopen = () => s.onopen?.();
  ws.onmessage = (ev) => s.onmessage?.(ev);
  ws.onclose = (ev) => s.onclose?.(ev);
  ws.onerror = () => s.onerror?.();
  return s;
}

/** requestAnimationFrame where the scope has it (Chromium and Firefox workers do), else a ~16 ms timer. */
export function browserFrame(): FrameScheduler {
  if (typeof requestAnimationFrame === 'function') return (cb) => void requestAnimationFrame(() => cb());
  return (cb) => void setTimeout(cb, FALLBACK_FRAME_MS);
}

/** How long the worker gathers socket messages before a flush: the server's KLINE frame follows its DAY_MARKET. */
export const GATHER_MS = 4;

/**
 * The least time between two of the worker's batches: at most 10 a second reach the page, whatever the server's
 * batch rate. The server batches every 50 ms (its tick-to-client budget, docs/protocol.md); passing each of its
 * frames on would double the page's paints (and its main-thread time) for a price a trader cannot read faster.
 * This is where the two budgets meet (issue 15, goal 5).
 */
export const BATCH_INTERVAL_MS = 100;

/**
 * The worker's flush scheduler. On the main thread a flush belongs in requestAnimationFrame (the writes land just
 * before that frame paints). A worker's frames are not the page's: waiting for one only delays the batch. So here
 * a flush runs GATHER_MS after the first change (the server's frames of one flush arrive back to back and become
 * one batch) when the previous flush left at least BATCH_INTERVAL_MS ago, and otherwise when that interval is over:
 * whatever arrived meanwhile is conflated into that one batch.
 */
export function workerFlush(
  now: () => number,
  later: (cb: () => void, ms: number) => void = (cb, ms) => void setTimeout(cb, ms),
  interval = BATCH_INTERVAL_MS,
): FrameScheduler {
  let last = -Infinity;
  return (cb) => {
    const run = () => {
      last = now();
      cb();
    };
    // Never less than GATHER_MS, so the frames of one server batch still become one.
    later(run, Math.max(GATHER_MS, last + interval - now()));
  };
}

/** IndexedDB through idb-keyval (available in workers too); a refusing browser (private mode) just has no cache. */
export const idbCache: FeedCache = {
  get: <T>(key: string) => get<T>(key).catch(() => undefined),
  set: (key, value) => set(key, value).catch(() => undefined),
};

/** The worker entry passes `inWorker` so the feed flushes on workerFlush rather than the worker's own rAF. */
export function browserDeps(inWorker = false): FeedDeps {
  return {
    clock: { now: () => Date.now() },
    timers: {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
    },
    socket: browserSocket,
    frame: inWorker ? workerFlush(() => performance.now()) : browserFrame(),
    fetch: (url, init) => fetch(url, init),
    log: console,
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
    random: Math.random,
    cache: typeof indexedDB === 'undefined' ? undefined : idbCache,
  };
}
