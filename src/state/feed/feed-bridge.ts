// The one bridge between the screens and the feed (docs/worker.md "The bridge"), falling back to this thread.
import type { Endpoint } from 'comlink';
import type { Instrument, AppOrder, Period } from '../../../domain/types.ts';
import type { IndicatorSettings } from '../../../domain/indicators.ts';
import type { MarginCall } from '../../../domain/ws-protocol.ts';
import type { FeedApi, FeedConfig, FeedSink, NudgeReason, OrderPreviewInput } from '../../../workers/protocol.ts';
import { $conn } from './feed-signals.ts';
import { adoptFeedIndex, applyBatch } from './apply-batch.ts';
import { $instruments, setInstruments as storeSetInstruments } from '../market/instruments.ts';
import { dispatchAccountChange, dispatchOrderEvent, dispatchOrderGap, dispatchPriceAlert } from './feed-listeners.ts';
import { onQuoteInterest, shownCodes } from '../market/quote-interest.ts';

/** The bridge's own start takes the config alone. */
export type FeedHandle = Omit<FeedApi, 'start'>;
/** 'main' is the fallback, and the render bench's A/B. */
export type FeedMode = 'worker' | 'main';

export type WorkerLike = Endpoint & { terminate(): void };

export interface BridgeDeps {
  mode: FeedMode;
  createWorker(): WorkerLike; // may throw (no module-worker support, CSP)
  /** Loaded on demand so worker mode never downloads it twice. */
  loadMainFeed(): Promise<FeedApi>;
  startTimeoutMs: number; // then the worker is terminated and the feed runs here
  timers: { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(h: unknown): void };
  /** The feed's credit for the next batch (flow-control.ts). */
  afterPaint?: () => Promise<void>;
  /** So the first updates do not compete with the first screen's own work. */
  firstIdle?: () => Promise<void>;
  /** Calls into the app's lazy chunks. */
  onMarginCall(call: MarginCall): void;
  onSessionRejected(msg: string, at?: number): void;
  log: { warn(...a: unknown[]): void; error(...a: unknown[]): void };
}

const TRANSPORT = ['wsUrl', 'apiBase', 'tradeFeeType', 'staleAfterMs'] as const; // a change restarts the feed

function later(): { promise: Promise<FeedApi>; resolve(feed: FeedApi): void } {
  let resolve: (feed: FeedApi) => void = () => undefined;
  const promise = new Promise<FeedApi>((r) => (resolve = r));
  return { promise, resolve };
}

const describe = (ev: unknown): string => String(ev instanceof Object && 'message' in ev ? ev.message : ev);

export class FeedBridge implements FeedHandle {
  /** null before start. */
  mode: FeedMode | null = null;
  private feed: FeedApi | null = null;
  private worker: WorkerLike | null = null;
  private proxy: ((sink: FeedSink) => FeedSink) | null = null;
  private ready = later();
  private booting: Promise<void> | null = null;
  private config: FeedConfig | null = null;
  private forwarded: Instrument[] | null = null;
  private lastForward: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void)[] = [];
  private idle: Promise<void> | null = null;
  private readonly sink: FeedSink;

  constructor(private readonly deps: BridgeDeps) {
    const paint = (b: Parameters<FeedSink['onBatch']>[0]): Promise<void> | undefined => {
      applyBatch(b);
      return deps.afterPaint?.();
    };
    this.sink = {
      onBatch: (b) => (deps.firstIdle ? (this.idle ??= deps.firstIdle()).then(() => paint(b)) : paint(b)),
      onOrderEvent: dispatchOrderEvent,
      onOrderGap: dispatchOrderGap,
      onPriceAlert: dispatchPriceAlert,
      onAccountChange: dispatchAccountChange,
      onMarginCall: (call) => deps.onMarginCall(call),
      onSessionRejected: (msg, at) => deps.onSessionRejected(msg, at),
    };
  }

  // So a screen may call before the first navigation has started the feed.
  private call<T>(fn: (feed: FeedApi) => Promise<T>): Promise<T> {
    return this.ready.promise.then(fn);
  }
  setToken = (token: string | null): Promise<void> => this.call((f) => f.setToken(token));
  setLang = (lang: string): Promise<void> => this.call((f) => f.setLang(lang));
  watchMarket = (on: boolean): Promise<void> => this.call((f) => f.watchMarket(on));
  setQuoteInterest = (codes: string[] | null): Promise<void> => this.call((f) => f.setQuoteInterest(codes));
  watchChart = (code: string, period: Period, slot?: number): Promise<void> =>
    this.call((f) => f.watchChart(code, period, slot));
  unwatchChart = (slot?: number): Promise<void> => this.call((f) => f.unwatchChart(slot));
  setIndicators = (s: IndicatorSettings | null): Promise<void> => this.call((f) => f.setIndicators(s));
  sparklines = (): Promise<Record<string, Float32Array>> => this.call((f) => f.sparklines());
  watchPreview = (seq: number, input: OrderPreviewInput | null): Promise<void> =>
    this.call((f) => f.watchPreview(seq, input));
  setMinInterval = (ms: number): Promise<void> => this.call((f) => f.setMinInterval(ms));
  setPositions = (orders: AppOrder[], balance: string, lockBalance: string): Promise<void> =>
    this.call((f) => f.setPositions(orders, balance, lockBalance));
  setLowBandwidth = (on: boolean): Promise<void> => this.call((f) => f.setLowBandwidth(on));
  setPinnedCodes = (codes: string[]): Promise<void> => this.call((f) => f.setPinnedCodes(codes));
  nudge = (reason: NudgeReason): Promise<void> => this.call((f) => f.nudge(reason));
  /** The store takes the list at once; the feed gets it (and the store its index) once started. */
  setInstruments = async (list: Instrument[]): Promise<void> => {
    storeSetInstruments(list); // the subscription in boot() forwards it
    await this.forward(list);
  };

  /** Later calls (every navigation) pass changes on and retry a dead link. */
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
    const { feed, config: prev } = this;
    if (!feed || !prev) return;
    this.config = { ...config };
    // A new sink per restart: the worker releases the previous proxy.
    if (TRANSPORT.some((k) => prev[k] !== config[k]))
      await feed.start(config, this.proxy ? this.proxy(this.sink) : this.sink);
    else {
      if (prev.token !== config.token) await feed.setToken(config.token);
      if (prev.lang !== config.lang) await feed.setLang(config.lang);
    }
    if ($conn.value !== 'live') await feed.nudge('visible');
  }

  stop = async (): Promise<void> => {
    const { feed, worker } = this;
    for (const off of this.unsubscribe.splice(0)) off();
    Object.assign(this, { feed: null, worker: null, proxy: null, booting: null, mode: null, forwarded: null });
    this.ready = later();
    if (feed) await feed.stop();
    worker?.terminate();
  };

  private async boot(config: FeedConfig): Promise<void> {
    let ready = this.deps.mode === 'worker' ? await this.startWorker(config) : null;
    if (!ready) {
      ready = await this.deps.loadMainFeed();
      await ready.start(config, this.sink);
    }
    this.mode = this.worker ? 'worker' : 'main';
    this.feed = ready;
    this.ready.resolve(ready);
    // The feed sends the main thread only the quotes of the codes on screen.
    const warn = (e: unknown): void => this.deps.log.warn(e);
    this.unsubscribe.push($instruments.subscribe((list) => void this.forward(list).catch(warn)));
    this.unsubscribe.push(onQuoteInterest((codes) => void ready.setQuoteInterest(codes).catch(warn)));
    await ready.setQuoteInterest(shownCodes());
  }

  /** null when it threw, reported an error or stayed silent. */
  private async startWorker(config: FeedConfig): Promise<FeedApi | null> {
    let worker: WorkerLike | null = null;
    let timer: unknown = null;
    let onError: (ev: unknown) => void = () => undefined;
    try {
      const { wrap, proxy } = await import('comlink');
      const created = (worker = this.deps.createWorker());
      const remote = wrap<FeedApi>(created);
      const failed = new Promise<never>((_, reject) => {
        onError = (ev) => reject(new Error(`feed worker error: ${describe(ev)}`));
        created.addEventListener('error', onError);
        timer = this.deps.timers.setTimeout(() => reject(new Error('no answer to start()')), this.deps.startTimeoutMs);
      });
      await Promise.race([remote.start(config, proxy(this.sink)), failed]);
      created.addEventListener('error', (ev) => this.deps.log.error('feed worker error', describe(ev)));
      Object.assign(this, { worker: created, proxy });
      return remote;
    } catch (err) {
      worker?.terminate();
      this.deps.log.warn('feed: the worker did not start, running the feed on the main thread', err);
      return null;
    } finally {
      this.deps.timers.clearTimeout(timer);
      worker?.removeEventListener('error', onError);
    }
  }

  /** The store switches its index only after the feed has taken the same list. */
  private forward(list: Instrument[]): Promise<void> {
    if (list === this.forwarded) return this.lastForward;
    this.forwarded = list;
    this.lastForward = this.call((f) => f.setInstruments(list)).then(() => adoptFeedIndex(list));
    return this.lastForward;
  }
}

let provided: { handle: FeedHandle; mode: () => FeedMode | null } | null = null;

export function provideFeed(handle: FeedHandle, mode: () => FeedMode | null = () => null): void {
  provided = { handle, mode };
}

/** Throws when nothing was provided: a screen used outside the app or a test without a fake. */
export function feed(): FeedHandle {
  if (!provided) throw new Error('feed: no feed provided (the composition root provides it)');
  return provided.handle;
}

/** For e2e and the bench. */
export function runningFeedMode(): FeedMode | null {
  return provided?.mode() ?? null;
}
