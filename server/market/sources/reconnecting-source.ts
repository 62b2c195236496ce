// A network source says only how one connection lives, follows a new symbol set, and hangs up.
// Timers and randomness are injected so tests can drive the jittered back-off and the connect deadline.
import type { Timers } from '../../../domain/time.ts';
import { backoffDelay, type BackoffOptions } from '../../../domain/backoff.ts';
import type { PriceSource, SourceSink } from './price-source.ts';

export interface ReconnectDeps {
  timers: Timers;
  random: () => number;
}

/**
 * Resolves when it ends, for any reason; `healthy` (logged on, first frame) resets the back-off. `abandon` fires when
 * the connection was not healthy in time: the attempt must then close its socket and end.
 */
export type Connect = (healthy: () => void, abandon: AbortSignal) => Promise<void>;

/** The reason `abandon` carries when the source is stopping rather than the peer late. */
export const STOPPING = 'stopping';

export interface ReconnectOptions {
  backoff: BackoffOptions;
  /** A peer that never answers (a dropped SYN, a silent LP) would otherwise hold an attempt for the OS's TCP timeout. */
  connectMs: number;
}

export class ReconnectLoop {
  private stopped = false;
  private attempt = 0;
  private timer: unknown = null;
  private wakeUp: (() => void) | null = null;
  private running: Promise<void> | null = null;
  /** The attempt not yet healthy: stopping abandons it, as a polite hang-up needs a session. */
  private pending: AbortController | null = null;
  private readonly deps: ReconnectDeps;
  private readonly options: ReconnectOptions;
  private readonly connect: Connect;
  private readonly onWait: (ms: number) => void;

  constructor(
    deps: ReconnectDeps,
    options: ReconnectOptions,
    connect: Connect,
    onWait: (ms: number) => void = () => undefined,
  ) {
    this.deps = deps;
    this.options = options;
    this.connect = connect;
    this.onWait = onWait;
  }

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.pending?.abort(STOPPING);
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
    this.wakeUp?.();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const abandon = new AbortController();
      this.pending = abandon;
      let deadline: unknown = this.deps.timers.setTimeout(() => abandon.abort(), this.options.connectMs);
      const settle = (): void => {
        if (deadline !== null) this.deps.timers.clearTimeout(deadline);
        deadline = null;
        this.pending = null;
      };
      try {
        await this.connect(() => {
          settle();
          this.attempt = 0;
        }, abandon.signal);
      } catch {
        // A failed connection is the same as a dropped one; the source reported it to its sink.
      }
      settle();
      if (this.stopped) break;
      const ms = backoffDelay(this.attempt, this.options.backoff, this.deps.random);
      this.attempt += 1;
      this.onWait(ms);
      await new Promise<void>((resolve) => {
        this.wakeUp = resolve;
        this.timer = this.deps.timers.setTimeout(resolve, ms);
      });
      this.timer = null;
      this.wakeUp = null;
    }
  }
}

export abstract class ReconnectingSource implements PriceSource {
  abstract readonly name: string;
  protected wanted = new Set<string>();
  private sink: SourceSink | null = null;
  private readonly loop: ReconnectLoop;
  protected readonly endpoint: string;

  protected constructor(deps: ReconnectDeps, options: ReconnectOptions, endpoint: string) {
    this.endpoint = endpoint;
    this.loop = new ReconnectLoop(
      deps,
      options,
      (healthy, abandon) => (this.sink ? this.connectOnce(this.sink, healthy, abandon) : Promise.resolve()),
      (ms) => this.sink?.connection(false, `reconnecting to ${endpoint} in ${ms} ms`),
    );
  }

  async start(sink: SourceSink): Promise<void> {
    this.sink = sink;
    this.loop.start();
  }

  subscribe(symbols: readonly string[]): void {
    this.wanted = new Set(symbols);
    this.resubscribe();
  }

  async stop(): Promise<void> {
    const stopping = this.loop.stop();
    this.hangUp();
    await stopping;
  }

  /** Resolves when it ends; `healthy` resets the back-off; `abandon` says the peer took too long. */
  protected abstract connectOnce(sink: SourceSink, healthy: () => void, abandon: AbortSignal): Promise<void>;
  protected abstract resubscribe(): void;
  /** stop(): end the current connection politely. */
  protected abstract hangUp(): void;
}
