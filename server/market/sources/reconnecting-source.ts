// A network source says only how one connection lives, follows a new symbol set, and hangs up.
// Timers and randomness are injected so tests can drive the jittered back-off.
import type { Timers } from '../../../domain/time.ts';
import { backoffDelay, type BackoffOptions } from '../../../domain/backoff.ts';
import type { PriceSource, SourceSink } from './price-source.ts';

export interface ReconnectDeps {
  timers: Timers;
  random: () => number;
}

/** Resolves when it ends, for any reason; `healthy` (logged on, first frame) resets the back-off. */
export type Connect = (healthy: () => void) => Promise<void>;

export class ReconnectLoop {
  private stopped = false;
  private attempt = 0;
  private timer: unknown = null;
  private wakeUp: (() => void) | null = null;
  private running: Promise<void> | null = null;
  private readonly deps: ReconnectDeps;
  private readonly backoff: BackoffOptions;
  private readonly connect: Connect;
  private readonly onWait: (ms: number) => void;

  constructor(
    deps: ReconnectDeps,
    backoff: BackoffOptions,
    connect: Connect,
    onWait: (ms: number) => void = () => undefined,
  ) {
    this.deps = deps;
    this.backoff = backoff;
    this.connect = connect;
    this.onWait = onWait;
  }

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
    this.wakeUp?.();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.connect(() => {
          this.attempt = 0;
        });
      } catch {
        // A failed connection is the same as a dropped one; the source reported it to its sink.
      }
      if (this.stopped) break;
      const ms = backoffDelay(this.attempt, this.backoff, this.deps.random);
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

  protected constructor(deps: ReconnectDeps, backoff: BackoffOptions, endpoint: string) {
    this.endpoint = endpoint;
    this.loop = new ReconnectLoop(
      deps,
      backoff,
      (healthy) => (this.sink ? this.connectOnce(this.sink, healthy) : Promise.resolve()),
      (ms) => this.sink?.connection(false, `reconnecting to ${endpoint} in ${ms} ms`),
    );
  }

  start(sink: SourceSink): Promise<void> {
    this.sink = sink;
    this.loop.start();
    return Promise.resolve();
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

  /** Resolves when it ends; `healthy` resets the back-off. */
  protected abstract connectOnce(sink: SourceSink, healthy: () => void): Promise<void>;
  protected abstract resubscribe(): void;
  /** stop(): end the current connection politely. */
  protected abstract hangUp(): void;
}
