// Keeps a network source connected: run one connection until it ends, wait a jittered back-off, run it again, until
// stopped. A connection that reached a healthy state (logged on, first frame) resets the back-off. Timers and
// randomness are injected so tests can drive it.
import type { Timers } from '../../../domain/time.ts';
import { backoffDelay, type BackoffOptions } from '../../../domain/backoff.ts';

export interface ReconnectDeps {
  timers: Timers;
  random: () => number;
}

/** One connection's life: resolves when it ends (for any reason); calls `healthy` once it is worth resetting back-off. */
export type Connect = (healthy: () => void) => Promise<void>;

export class ReconnectLoop {
  private stopped = false;
  private attempt = 0;
  private timer: unknown = null;
  private wakeUp: (() => void) | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly deps: ReconnectDeps,
    private readonly backoff: BackoffOptions,
    private readonly connect: Connect,
    private readonly onWait: (ms: number) => void = () => undefined,
  ) {}

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
        // A failed connection is the same as a dropped one: wait and retry. The source reported it to its sink.
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
