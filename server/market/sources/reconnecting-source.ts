// A network source says only how one connection lives, follows a new symbol set, and hangs up.
// Timers and randomness are injected so tests can drive the jittered back-off and the connect deadline.
import type { Timers } from '../../../domain/time.ts';
import { backoffDelay, type BackoffOptions } from '../../../domain/backoff.ts';
import type { PriceSource, SourceSink } from './price-source.ts';

export interface ReconnectDeps {
  timers: Timers;
  random: () => number;
}

/** The reason `abandon` carries when the source is stopping rather than the peer late. */
const STOPPING = 'stopping';

export interface ReconnectOptions {
  backoff: BackoffOptions;
  /** A peer that never answers (a dropped SYN, a silent LP) would otherwise hold an attempt for the OS's TCP timeout. */
  connectMs: number;
}

/** PREFIX_RECONNECT_MS, PREFIX_RECONNECT_MAX_MS and PREFIX_CONNECT_TIMEOUT_MS, with their defaults. */
export function reconnectEnv(env: Readonly<Record<string, string | undefined>>, prefix: string): ReconnectOptions {
  const ms = (name: string, fallback: number): number => Number(env[`${prefix}_${name}`] ?? fallback);
  return {
    backoff: { baseMs: ms('RECONNECT_MS', 1000), maxMs: ms('RECONNECT_MAX_MS', 30_000) },
    connectMs: ms('CONNECT_TIMEOUT_MS', 10_000),
  };
}

/** Why `abandon` fired: the source is stopping, or the peer did not `what` within the connect deadline. */
export const lateReason = (abandon: AbortSignal, what: string, connectMs: number): string =>
  abandon.reason === STOPPING ? STOPPING : `${what} within ${connectMs} ms`;

export abstract class ReconnectingSource implements PriceSource {
  abstract readonly name: string;
  protected wanted = new Set<string>();
  private sink: SourceSink | null = null;
  private stopped = false;
  private attempt = 0;
  private timer: unknown = null;
  private wakeUp: (() => void) | null = null;
  private running: Promise<void> | null = null;
  /** The attempt not yet healthy: stopping abandons it, as a polite hang-up needs a session. */
  private abandoning: AbortController | null = null;
  private readonly loopDeps: ReconnectDeps;
  private readonly loopOptions: ReconnectOptions;
  protected readonly endpoint: string;

  protected constructor(deps: ReconnectDeps, options: ReconnectOptions, endpoint: string) {
    this.loopDeps = deps;
    this.loopOptions = options;
    this.endpoint = endpoint;
  }

  async start(sink: SourceSink): Promise<void> {
    this.sink = sink;
    this.running ??= this.loop();
  }

  subscribe(symbols: readonly string[]): void {
    this.wanted = new Set(symbols);
    this.resubscribe();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abandoning?.abort(STOPPING);
    if (this.timer !== null) this.loopDeps.timers.clearTimeout(this.timer);
    this.wakeUp?.();
    this.hangUp();
    await this.running;
  }

  /** `healthy` (logged on, first frame) resets the back-off; `abandon` fires when it was not healthy in time. */
  private async loop(): Promise<void> {
    while (!this.stopped) {
      const abandon = new AbortController();
      this.abandoning = abandon;
      let deadline: unknown = this.loopDeps.timers.setTimeout(() => abandon.abort(), this.loopOptions.connectMs);
      const settle = (): void => {
        if (deadline !== null) this.loopDeps.timers.clearTimeout(deadline);
        deadline = null;
        this.abandoning = null;
      };
      try {
        const healthy = (): void => {
          settle();
          this.attempt = 0;
        };
        if (this.sink) await this.connectOnce(this.sink, healthy, abandon.signal);
      } catch {
        // A failed connection is the same as a dropped one; the source reported it to its sink.
      }
      settle();
      if (this.stopped) break;
      const ms = backoffDelay(this.attempt, this.loopOptions.backoff, this.loopDeps.random);
      this.attempt += 1;
      this.sink?.connection(false, `reconnecting to ${this.endpoint} in ${ms} ms`);
      await new Promise<void>((resolve) => {
        this.wakeUp = resolve;
        this.timer = this.loopDeps.timers.setTimeout(resolve, ms);
      });
      this.timer = null;
      this.wakeUp = null;
    }
  }

  /** Resolves when it ends; `healthy` resets the back-off; `abandon` says the peer took too long and must be closed. */
  protected abstract connectOnce(sink: SourceSink, healthy: () => void, abandon: AbortSignal): Promise<void>;
  protected abstract resubscribe(): void;
  /** stop(): end the current connection politely. */
  protected abstract hangUp(): void;
}
