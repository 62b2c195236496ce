// The real host for the feed: globals of a dedicated worker or of the page (the ?feed=main mode).
// Only standard globals present in both scopes are used, so this compiles with the WebWorker and the DOM libs.
import { get, set } from 'idb-keyval';
import type { FeedCache, FeedDeps, FrameScheduler, SocketLike } from './deps.ts';

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

/**
 * The feed's batch timer, the same in the worker and on the main thread (?feed=main), so both modes conflate by one
 * rule: FlowControl (flow-control.ts) asks for a batch after the gather time, the minimum interval and the page's
 * credit for the previous batch. A worker's requestAnimationFrame is not the page's frame, so the paint is learnt
 * from the page's acknowledgement, not from a frame callback here.
 */
export const timerFrame: FrameScheduler = (cb, ms) => void setTimeout(cb, ms);

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
    frame: timerFrame,
    fetch: (url, init) => fetch(url, init),
    log: console,
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
    random: Math.random,
    cache: typeof indexedDB === 'undefined' ? undefined : idbCache,
  };
}
