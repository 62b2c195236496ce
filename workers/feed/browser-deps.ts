// The feed's real host: standard globals present in both a dedicated worker and the page (?feed=main).
import { get, set } from 'idb-keyval';
import type { FeedCache, FeedDeps, FrameScheduler, SocketLike } from './deps.ts';

/** Text frames only: the server never sends binary. */
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

/** A worker's requestAnimationFrame is not the page's frame: the paint is learnt from the page's acknowledgement. */
export const timerFrame: FrameScheduler = (cb, ms) => void setTimeout(cb, ms);

/** A refusing browser (private mode) just has no cache. */
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
