// The only source that needs no mapping: it quotes what no other source maps, plus what the operator maps to it.
import type { Simulator } from '../simulator.ts';
import type { Tick } from '../market-view.ts';
import { type PriceSource, type SourceSink, SIMULATOR_SOURCE } from './price-source.ts';

export class SimulatorSource implements PriceSource {
  readonly name = SIMULATOR_SOURCE;
  private wanted = new Set<string>();
  private off: (() => void) | null = null;
  readonly walk: Simulator;

  /** Not the market's quote state; this source starts and stops it. */
  constructor(walk: Simulator) {
    this.walk = walk;
  }

  async start(sink: SourceSink): Promise<void> {
    this.off = this.walk.onTick((t: Tick) => {
      if (!this.wanted.has(t.code)) return;
      sink.tick({ symbol: t.code, last: t.price, volume: String(t.volume), sourceTime: t.time });
    });
    this.walk.start();
  }

  subscribe(symbols: readonly string[]): void {
    this.wanted = new Set(symbols);
    this.walk.setQuoted(this.wanted); // an instrument an LP quotes costs no random walk
  }

  quotes(code: string): boolean {
    return this.wanted.has(code);
  }

  async stop(): Promise<void> {
    this.walk.stop();
    this.off?.();
    this.off = null;
  }
}
