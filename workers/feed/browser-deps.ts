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

/** IndexedDB through idb-keyval (available in workers too); a refusing browser (private mode) just has no cache. */
export const idbCache: FeedCache = {
  get: <T>(key: string) => get<T>(key).catch(() => undefined),
  set: (key, value) => set(key, value).catch(() => undefined),
};

export function browserDeps(): FeedDeps {
  return {
    clock: { now: () => Date.now() },
    timers: {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
    },
    socket: browserSocket,
    frame: browserFrame(),
    fetch: (url, init) => fetch(url, init),
    log: console,
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
    random: Math.random,
    cache: typeof indexedDB === 'undefined' ? undefined : idbCache,
  };
}
