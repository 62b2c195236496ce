// A network source says only how one connection lives, follows a new symbol set, and hangs up.
import type { BackoffOptions } from '../../../domain/backoff.ts';
import type { PriceSource, SourceSink } from './price-source.ts';
import { ReconnectLoop, type ReconnectDeps } from './reconnect-loop.ts';

export abstract class ReconnectingSource implements PriceSource {
  abstract readonly name: string;
  protected wanted = new Set<string>();
  private sink: SourceSink | null = null;
  private readonly loop: ReconnectLoop;

  protected constructor(
    deps: ReconnectDeps,
    backoff: BackoffOptions,
    protected readonly endpoint: string,
  ) {
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
