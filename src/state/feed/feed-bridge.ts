// Owns the feed's start-up, errors and the main-thread fallback: the worker (default) or the same Feed on this
// thread (?feed=main, no Worker support, or a worker that fails to start), behind one handle screens use.
// The app builds its one bridge in src/app/start/feed-root.ts; the mode comes from feed-mode.ts.
import { proxy, wrap, type Endpoint } from 'comlink';
import { socketSessionRejected } from '../../api/client.ts';
import type { Instrument } from '../../../domain/types.ts';
import { forwardLater } from '../../../domain/forwarding.ts';
import type { FeedApi, FeedConfig, FeedSink } from '../../../workers/protocol.ts';
import type { FeedMode } from './feed-mode.ts';
import { $conn } from './feed-signals.ts';
import { $instruments, setInstruments as storeSetInstruments } from '../market/instruments.ts';
import { adoptFeedIndex, applyBatch } from './apply-batch.ts';
import { dispatchAccountChange, dispatchOrderEvent, dispatchOrderGap, dispatchPriceAlert } from './feed-listeners.ts';
import { showMarginCall } from '../account/margin-call.ts';
import { onQuoteInterest, shownCodes } from '../market/quote-interest.ts';

/** The handle screens use: FeedApi without start (the bridge owns that); every method returns a Promise. */
export type FeedHandle = Omit<FeedApi, 'start'>;

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
  /**
   * Settles after the next frame has painted what was just applied (requestAnimationFrame in the browser): the
   * feed's credit for its next batch (workers/feed/flow-control.ts). Absent: the credit comes back at once.
   */
  afterPaint?: () => Promise<void>;
  /**
   * Settles when the page is first idle after start-up: the feed's first batch waits for it, so the first
   * updates do not compete with the first screen's own work (React attaching, the route's render); the batch after it
   * carries the newest state of everything that changed meanwhile (the feed holds one batch at a time). Absent: no
   * wait.
   */
  firstIdle?: () => Promise<void>;
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
  a.wsUrl === b.wsUrl &&
  a.apiBase === b.apiBase &&
  a.tradeFeeType === b.tradeFeeType &&
  a.staleAfterMs === b.staleAfterMs;

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
  private idle: Promise<void> | null = null;
  private idled = false;
  private readonly sink: FeedSink = {
    onBatch: (b) => {
      if (this.idled || !this.deps.firstIdle) return this.paint(b);
      this.idle ??= this.deps.firstIdle().then(() => void (this.idled = true));
      return this.idle.then(() => this.paint(b));
    },
    onOrderEvent: (e) => dispatchOrderEvent(e),
    onOrderGap: () => dispatchOrderGap(),
    onPriceAlert: (a) => dispatchPriceAlert(a),
    onAccountChange: (kind) => dispatchAccountChange(kind),
    onMarginCall: (call) => showMarginCall(call),
    onSessionRejected: (msg, at) => socketSessionRejected(msg, at),
  };

  /**
   * Every call waits for start-up, so a screen may use the handle before start() has finished. Methods are forwarded
   * by name to the running feed (as squoosh's worker bridge does), so the FeedApi list lives only in its type.
   */
  readonly handle: FeedHandle = forwardLater<FeedHandle>(() => this.ready.promise, {
    label: 'FeedApi',
    // The bridge's own stop and setInstruments; start is the bridge's, not the handle's.
    own: { stop: () => this.stop(), setInstruments: (list: Instrument[]) => this.setInstruments(list) },
    skip: ['start'],
  });

  constructor(private readonly deps: BridgeDeps) {}

  private paint(b: Parameters<FeedSink['onBatch']>[0]): Promise<void> | undefined {
    applyBatch(b);
    return this.deps.afterPaint?.();
  }

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
      timer = this.deps.timers.setTimeout(
        () => reject(new Error('feed worker did not answer start()')),
        this.deps.startTimeoutMs,
      );
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

  private async setInstruments(list: Instrument[]): Promise<void> {
    storeSetInstruments(list); // the subscription below forwards it
    await this.forward(list);
  }

  /** A new proxy per start(): the worker releases the previous one. */
  private sinkFor(): FeedSink {
    return this.running === 'worker' ? proxy(this.sink) : this.sink;
  }

  /** Sends the list to the feed; the store switches its index only after the feed has taken the same list. */
  private forward(list: Instrument[]): Promise<void> {
    if (list === this.forwarded) return this.lastForward;
    this.forwarded = list;
    this.lastForward = this.ready.promise.then((impl) => impl.setInstruments(list)).then(() => adoptFeedIndex(list));
    return this.lastForward;
  }
}

function describe(ev: unknown): string {
  if (typeof ev === 'object' && ev !== null && 'message' in ev) return String(ev.message);
  return String(ev);
}
