// The feed's host, injected so the same code runs in the worker, on the main thread and in tests; no DOM types here.
import type { Clock, Timers } from '../../domain/time.ts';
import type { FeedSink } from '../protocol.ts';

export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: (() => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: (() => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

/** Test fakes run the callbacks by hand and may ignore `ms`. */
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

/** So a returning user sees recent data at once. */
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
  /** false means "certainly offline"; true only maybe online. */
  isOnline(): boolean;
  /** Uniform [0, 1): the backoff jitter; tests pin it. */
  random(): number;
  /** absent = no cache. */
  cache?: FeedCache;
  /** The worker closes its Comlink proxy so the old page's sink can be collected. */
  releaseSink?(sink: FeedSink): void;
}
