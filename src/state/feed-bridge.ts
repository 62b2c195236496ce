// Owns the feed's start-up, errors and the main-thread fallback: the worker (default) or the same Feed on this
// thread (?feed=main, no Worker support, or a worker that fails to start), behind one handle screens use.
import { proxy, wrap, type Endpoint } from 'comlink';
import type { Instrument } from '../domain/types.ts';
import type { FeedApi, FeedConfig, FeedSink } from '../../workers/protocol.ts';
import {
  $conn,
  $instruments,
  $sparklines,
  adoptFeedIndex,
  applyBatch,
  dispatchOrderEvent,
  dispatchOrderGap,
  onQuoteInterest,
  shownCodes,
  setInstruments as storeSetInstruments,
} from './market.ts';

export type FeedMode = 'worker' | 'main';
/** The handle screens use: FeedApi without start (startFeed owns that); every method returns a Promise. */
export type FeedHandle = Omit<FeedApi, 'start'>;

/** ?feed=main in the query before the hash or in the part after it (SPEC §2 reads queries after the hash). */
export function feedModeFrom(search: string, hash: string, hasWorker: boolean): FeedMode {
  if (!hasWorker) return 'main';
  const q = hash.indexOf('?');
  const fromHash = q >= 0 ? new URLSearchParams(hash.slice(q + 1)).get('feed') : null;
  return (fromHash ?? new URLSearchParams(search).get('feed')) === 'main' ? 'main' : 'worker';
}

export function feedMode(): FeedMode {
  if (typeof location === 'undefined') return 'main';
  return feedModeFrom(location.search, location.hash, typeof Worker !== 'undefined');
}

/** A worker as the bridge sees it: a Comlink endpoint that may report load errors and can be terminated. */
export interface WorkerLike extends Endpoint {
  terminate?(): void;
}

export interface BridgeDeps {
  mode(): FeedMode;
  /** Creates the feed worker; may throw (no module-worker support, CSP). */
  createWorker(): WorkerLike;
  /** Loads the feed module on this thread (a dynamic import, so worker mode never downloads it twice). */
  loadMainFeed(): Promise<FeedApi>;
  timers: { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(h: unknown): void };
  /** A worker that has not answered start() by then is treated as failed. */
  startTimeoutMs: number;
  log: { warn(...a: unknown[]): void; error(...a: unknown[]): void };
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(v: T): void;
  reject(e: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (v: T) => void = () => undefined;
  let reject: (e: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const sameTransport = (a: FeedConfig, b: FeedConfig): boolean =>
  a.wsUrl === b.wsUrl && a.apiBase === b.apiBase && a.tradeFeeType === b.tradeFeeType && a.staleAfterMs === b.staleAfterMs;

export class FeedBridge {
  private impl: FeedApi | null = null;
  private worker: WorkerLike | null = null;
  private ready = deferred<FeedApi>();
  private booting: Promise<void> | null = null;
  private config: FeedConfig | null = null;
  private running: FeedMode | null = null;
  private forwarded: Instrument[] | null = null;
  private lastForward: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void)[] = [];
  private readonly sink: FeedSink = {
    onBatch: (b) => applyBatch(b),
    onOrderEvent: (e) => dispatchOrderEvent(e),
    onOrderGap: () => dispatchOrderGap(),
  };

  /** Every call waits for start-up, so a screen may use the handle before startFeed has finished. */
  readonly handle: FeedHandle = {
    setToken: async (token) => (await this.ready.promise).setToken(token),
    setLang: async (lang) => (await this.ready.promise).setLang(lang),
    setInstruments: async (list) => {
      storeSetInstruments(list); // the subscription below forwards it
      await this.forward(list);
    },
    watchMarket: async (on) => (await this.ready.promise).watchMarket(on),
    setQuoteInterest: async (codes) => (await this.ready.promise).setQuoteInterest(codes),
    watchChart: async (code, period) => (await this.ready.promise).watchChart(code, period),
    unwatchChart: async () => (await this.ready.promise).unwatchChart(),
    sparklines: async () => (await this.ready.promise).sparklines(),
    watchPreview: async (seq, input) => (await this.ready.promise).watchPreview(seq, input),
    setPositions: async (orders, balance, lockBalance) => (await this.ready.promise).setPositions(orders, balance, lockBalance),
    nudge: async (reason) => (await this.ready.promise).nudge(reason),
    stop: async () => this.stop(),
  };

  constructor(private readonly deps: BridgeDeps) {}

  /** Which implementation runs, once started ('worker' unless it fell back). */
  get mode(): FeedMode | null {
    return this.running;
  }

  /** Idempotent: the first call boots the feed; later calls (every navigation) apply config changes and retry a dead link. */
  async start(config: FeedConfig): Promise<void> {
    if (!this.booting) {
      this.config = { ...config };
      this.booting = this.boot(config).catch((err: unknown) => {
        this.booting = null; // the next navigation tries again
        throw err;
      });
      return this.booting;
    }
    await this.booting;
    const impl = this.impl;
    const prev = this.config;
    if (!impl || !prev) return;
    this.config = { ...config };
    if (!sameTransport(prev, config)) await impl.start(config, this.sinkFor());
    else {
      if (prev.token !== config.token) await impl.setToken(config.token);
      if (prev.lang !== config.lang) await impl.setLang(config.lang);
    }
    if ($conn.value !== 'live') await impl.nudge('visible');
  }

  async stop(): Promise<void> {
    const impl = this.impl;
    for (const off of this.unsubscribe.splice(0)) off();
    this.impl = null;
    this.booting = null;
    this.running = null;
    this.forwarded = null;
    this.ready = deferred<FeedApi>();
    const worker = this.worker;
    this.worker = null;
    if (impl) await impl.stop();
    worker?.terminate?.();
  }

  private async boot(config: FeedConfig): Promise<void> {
    let impl: FeedApi | null = null;
    if (this.deps.mode() === 'worker') {
      try {
        impl = await this.bootWorker(config);
        this.running = 'worker';
      } catch (err) {
        this.deps.log.warn('feed: the worker did not start, running the feed on the main thread', err);
      }
    }
    if (!impl) {
      const local = await this.deps.loadMainFeed();
      await local.start(config, this.sink);
      impl = local;
      this.running = 'main';
    }
    const ready = impl;
    this.impl = ready;
    this.ready.resolve(ready);
    // From now on every list the store gets goes to the feed (the current one included), and so does the set of
    // codes on screen: the feed sends the main thread only their quotes.
    const warn = (e: unknown) => this.deps.log.warn(e);
    this.unsubscribe.push($instruments.subscribe((list) => void this.forward(list).catch(warn)));
    this.unsubscribe.push(onQuoteInterest((codes) => void ready.setQuoteInterest(codes).catch(warn)));
    await ready.setQuoteInterest(shownCodes());
  }

  private async bootWorker(config: FeedConfig): Promise<FeedApi> {
    const worker = this.deps.createWorker();
    const remote = wrap<FeedApi>(worker);
    let timer: unknown = null;
    let onError: ((ev: unknown) => void) | null = null;
    const failed = new Promise<never>((_, reject) => {
      onError = (ev) => reject(new Error(`feed worker error: ${describe(ev)}`));
      worker.addEventListener('error', onError);
      timer = this.deps.timers.setTimeout(() => reject(new Error('feed worker did not answer start()')), this.deps.startTimeoutMs);
    });
    try {
      await Promise.race([remote.start(config, proxy(this.sink)), failed]);
    } catch (err) {
      worker.terminate?.();
      throw err;
    } finally {
      this.deps.timers.clearTimeout(timer);
      if (onError) worker.removeEventListener('error', onError);
    }
    worker.addEventListener('error', (ev) => this.deps.log.error('feed worker error', describe(ev)));
    this.worker = worker;
    return remote;
  }

  /** A new proxy per start(): the worker releases the previous one. */
  private sinkFor(): FeedSink {
    return this.running === 'worker' ? proxy(this.sink) : this.sink;
  }

  /** Sends the list to the feed; the store switches its index only after the feed has taken the same list. */
  private forward(list: Instrument[]): Promise<void> {
    if (list === this.forwarded) return this.lastForward;
    this.forwarded = list;
    this.lastForward = this.ready.promise
      .then((impl) => impl.setInstruments(list))
      .then(() => adoptFeedIndex(list));
    return this.lastForward;
  }
}

function describe(ev: unknown): string {
  if (typeof ev === 'object' && ev !== null && 'message' in ev) return String(ev.message);
  return String(ev);
}

// ── the app's one bridge ─────────────────────────────────────────────────────────────────────────────────────

const WORKER_START_TIMEOUT_MS = 10_000;

const bridge = new FeedBridge({
  mode: feedMode,
  createWorker: () => new Worker(new URL('../../workers/feed-worker.ts', import.meta.url), { type: 'module' }),
  loadMainFeed: async () => {
    const [{ Feed }, { browserDeps }] = await Promise.all([
      import('../../workers/feed/feed.ts'),
      import('../../workers/feed/browser-deps.ts'),
    ]);
    return new Feed(browserDeps());
  },
  timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
  startTimeoutMs: WORKER_START_TIMEOUT_MS,
  log: console,
});

let pageWired = false;

/** online → reconnect now; visible again after hidden → reconnect now (a phone may have dropped the socket). */
export function wirePageEvents(win: Pick<Window, 'addEventListener'>, doc: Pick<Document, 'addEventListener' | 'visibilityState'>, handle: FeedHandle): void {
  let wasHidden = doc.visibilityState === 'hidden';
  win.addEventListener('online', () => void handle.nudge('online').catch(() => undefined));
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') wasHidden = true;
    else if (wasHidden) {
      wasHidden = false;
      void handle.nudge('visible').catch(() => undefined);
    }
  });
}

/** Idempotent start (call it on every navigation): boots the feed once, then applies token/lang/config changes. */
export async function startFeed(config: FeedConfig): Promise<void> {
  if (!pageWired && typeof window !== 'undefined' && typeof document !== 'undefined') {
    pageWired = true;
    wirePageEvents(window, document, bridge.handle);
  }
  await bridge.start(config);
  void refreshSparklines();
}

/** The single handle screens use (watchChart, watchPreview, setPositions, sparklines, …). */
export function feed(): FeedHandle {
  return bridge.handle;
}

/** Which implementation actually runs ('worker' unless it fell back), null before start. For e2e and the bench. */
export function runningFeedMode(): FeedMode | null {
  return bridge.mode;
}

/** Mini-chart series into $sparklines (the feed fetches at most once a minute however often this is called). */
export async function refreshSparklines(): Promise<void> {
  try {
    $sparklines.value = await bridge.handle.sparklines();
  } catch (err) {
    console.warn('feed: sparklines unavailable', err);
  }
}
