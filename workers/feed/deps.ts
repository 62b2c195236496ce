// What the feed needs from its host, injected so the same code runs in the worker, on the main thread and in tests.
// Nothing here touches the DOM: the module compiles with both the WebWorker and the DOM libraries.
import type { Clock, Timers } from '../../domain/time.ts';
import type { FeedSink } from '../protocol.ts';

/** The part of a WebSocket the feed uses; `browserSocket` adapts the real one. */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: (() => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: (() => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

/**
 * When a batch may go out: calls `cb` after `ms` (a timer in the browser, in both feed modes; the flow control in
 * flow-control.ts decides the delay). Test fakes run the callbacks by hand and may ignore `ms`.
 */
export type FrameScheduler = (cb: () => void, ms: number) => void;

export interface FetchResponseLike {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

export type FetchLike = (url: string, init?: { headers?: Record<string, string> }) => Promise<FetchResponseLike>;

export interface FeedLogger {
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** Durable key-value storage (idb-keyval in the browser) so a returning user sees recent data at once. */
export interface FeedCache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
}

export interface FeedDeps {
  clock: Clock;
  timers: Timers;
  socket: SocketFactory;
  frame: FrameScheduler;
  fetch: FetchLike;
  log: FeedLogger;
  /** navigator.onLine where the host has one; false means "certainly offline". */
  isOnline(): boolean;
  /** Uniform [0, 1): the backoff jitter; tests pin it. */
  random(): number;
  /** Where recent klines and sparklines are kept between visits; absent = no cache. */
  cache?: FeedCache;
  /** Called with a sink the feed no longer uses (replaced or stopped): the worker closes its Comlink proxy. */
  releaseSink?(sink: FeedSink): void;
}
