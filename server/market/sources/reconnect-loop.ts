// Timers and randomness are injected so tests can drive the jittered back-off.
import type { Timers } from '../../../domain/time.ts';
import { backoffDelay, type BackoffOptions } from '../../../domain/backoff.ts';

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
