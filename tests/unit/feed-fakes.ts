// Test doubles for the feed: fake time (clock + timers advancing together), a scripted socket, manual frames.
import type { FeedDeps, FetchLike, SocketLike } from '../../workers/feed/deps.ts';
import type { FeedBatch, FeedSink, OrderEvent } from '../../workers/protocol.ts';
import type { PriceAlert } from '../../domain/price-alerts.ts';
import type { FeedHandle } from '../../src/state/feed/feed-bridge.ts';

interface Task {
  id: number;
  at: number;
  every: number | null;
  fn: () => void;
}

/** A clock and timers on one fake timeline: advance(ms) runs due timers in time order. */
export class FakeTime {
  now = 1_700_000_000_000;
  private tasks: Task[] = [];
  private nextId = 1;

  readonly clock = { now: () => this.now };
  readonly timers = {
    setTimeout: (fn: () => void, ms: number): unknown => this.add(fn, ms, null),
    clearTimeout: (h: unknown): void => this.remove(h),
    setInterval: (fn: () => void, ms: number): unknown => this.add(fn, ms, ms),
    clearInterval: (h: unknown): void => this.remove(h),
  };

  private add(fn: () => void, ms: number, every: number | null): number {
    const id = this.nextId++;
    this.tasks.push({ id, at: this.now + Math.max(0, ms), every, fn });
    return id;
  }

  private remove(h: unknown): void {
    this.tasks = this.tasks.filter((t) => t.id !== h);
  }

  /** Delays of the pending one-shot timers, from now. */
  pendingTimeouts(): number[] {
    return this.tasks.filter((t) => t.every === null).map((t) => t.at - this.now);
  }

  /** A frozen page: the clock moves on by `ms` and every timer resumes where it stopped (none fires for the gap). */
  freeze(ms: number): void {
    this.now += ms;
    for (const t of this.tasks) t.at += ms;
  }

  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = this.tasks.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.now = due.at;
      if (due.every === null) this.remove(due.id);
      else due.at += due.every;
      due.fn();
    }
    this.now = end;
  }
}

export class FakeSocket implements SocketLike {
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  sent: Array<Record<string, unknown>> = [];
  closed = false;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.closed) throw new Error('send on a closed socket');
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(): void {
    this.closed = true;
  }

  // server side
  open(): void {
    this.onopen?.();
  }
  receive(msg: unknown): void {
    this.onmessage?.({ data: typeof msg === 'string' ? msg : JSON.stringify(msg) });
  }
  drop(): void {
    this.closed = true;
    this.onclose?.({ code: 1006, reason: '' });
  }
  types(): unknown[] {
    return this.sent.map((m) => m.type);
  }
  topics(type: 'sub' | 'unsub'): unknown[] {
    return this.sent.filter((m) => m.type === type).map((m) => m.topic);
  }
}

export class FakeFrames {
  private queue: Array<() => void> = [];
  readonly schedule = (cb: () => void): void => void this.queue.push(cb);
  get pending(): number {
    return this.queue.length;
  }
  run(): void {
    const q = this.queue;
    this.queue = [];
    for (const cb of q) cb();
  }
}

export class RecordingSink implements FeedSink {
  batches: FeedBatch[] = [];
  events: OrderEvent[] = [];
  gaps = 0;
  onBatch(b: FeedBatch): void {
    this.batches.push(b);
  }
  onOrderEvent(e: OrderEvent): void {
    this.events.push(e);
  }
  onOrderGap(): void {
    this.gaps++;
  }
  accountChanges: string[] = [];
  onAccountChange(kind: string): void {
    this.accountChanges.push(kind);
  }
  marginCalls: Array<{ risk_rate: string; level: string }> = [];
  onMarginCall(call: { risk_rate: string; level: string }): void {
    this.marginCalls.push(call);
  }

  alerts: PriceAlert[] = [];
  onPriceAlert(a: PriceAlert): void {
    this.alerts.push(a);
  }
  rejected: string[] = [];
  onSessionRejected(msg: string): void {
    this.rejected.push(msg);
  }
}

export interface Harness {
  time: FakeTime;
  frames: FakeFrames;
  sockets: FakeSocket[];
  logs: { warn: unknown[][]; error: unknown[][] };
  online: { value: boolean };
  fetchCalls: string[];
  routes: Map<string, (url: URL) => unknown>;
  deps: FeedDeps;
  last(): FakeSocket;
}

/** Everything a Feed needs, fake. `routes` maps a REST path to a handler returning the envelope's data. */
export function harness(random = 0.5): Harness {
  const time = new FakeTime();
  const frames = new FakeFrames();
  const sockets: FakeSocket[] = [];
  const logs = { warn: [] as unknown[][], error: [] as unknown[][] };
  const online = { value: true };
  const fetchCalls: string[] = [];
  const routes = new Map<string, (url: URL) => unknown>();
  const fetch: FetchLike = async (url) => {
    fetchCalls.push(url);
    const u = new URL(url);
    const route = routes.get(u.pathname);
    if (!route) return { ok: false, status: 404, json: async () => ({}) };
    const data = route(u);
    return { ok: true, status: 200, json: async () => ({ code: 1, msg: 'success', data }) };
  };
  const deps: FeedDeps = {
    clock: time.clock,
    timers: time.timers,
    socket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    frame: frames.schedule,
    fetch,
    log: { warn: (...a) => void logs.warn.push(a), error: (...a) => void logs.error.push(a) },
    isOnline: () => online.value,
    random: () => random,
  };
  return {
    time,
    frames,
    sockets,
    logs,
    online,
    fetchCalls,
    routes,
    deps,
    last: () => {
      const s = sockets[sockets.length - 1];
      if (!s) throw new Error('no socket opened yet');
      return s;
    },
  };
}

export const config = (over: Partial<import('../../workers/protocol.ts').FeedConfig> = {}) => ({
  wsUrl: 'ws://127.0.0.1:1/v1/ws',
  apiBase: 'http://127.0.0.1:1',
  lang: 'en',
  token: null as string | null,
  tradeFeeType: 2,
  staleAfterMs: 10_000,
  ...over,
});

/** Lets queued promise callbacks (REST mocks, async FeedApi methods) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/**
 * A whole feed handle for provideFeed (the composition root's call in the app): the methods a test gives, and for the
 * rest a call that rejects, as a feed that has not started would never answer.
 */
export function fakeFeedHandle(over: Partial<FeedHandle>): FeedHandle {
  const none = (): Promise<never> => Promise.reject(new Error('feed: not faked in this test'));
  const all: FeedHandle = {
    setToken: none,
    setLang: none,
    setInstruments: none,
    watchMarket: none,
    setQuoteInterest: none,
    watchChart: none,
    unwatchChart: none,
    setIndicators: none,
    sparklines: none,
    watchPreview: none,
    setMinInterval: none,
    setPositions: none,
    setLowBandwidth: none,
    setPinnedCodes: none,
    nudge: none,
    stop: none,
  };
  return { ...all, ...over };
}
