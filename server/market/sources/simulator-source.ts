// The simulator as a price source: the seeded random walk (simulator.ts) quoting every instrument by its code, one
// price per tick as `last`. It is the default (PRICE_SOURCES unset) and the only source that needs no mapping: it
// quotes the instruments no other configured source maps, plus those the operator maps to it explicitly.
import type { Simulator } from '../simulator.ts';
import type { Tick } from '../market-view.ts';
import type { PriceSource, SourceSink } from './price-source.ts';
import { SIMULATOR_SOURCE } from './price-source.ts';

export class SimulatorSource implements PriceSource {
  readonly name = SIMULATOR_SOURCE;
  private wanted = new Set<string>();
  private off: (() => void) | null = null;

  /** `walk` is a simulator of its own (not the market's quote state); this source starts and stops it. */
  constructor(readonly walk: Simulator) {}

  start(sink: SourceSink): Promise<void> {
    this.off = this.walk.onTick((t: Tick) => {
      if (!this.wanted.has(t.code)) return;
      sink.tick({ symbol: t.code, last: t.price, volume: String(t.volume), sourceTime: t.time });
    });
    this.walk.start();
    return Promise.resolve();
  }

  subscribe(symbols: readonly string[]): void {
    this.wanted = new Set(symbols);
    this.walk.setQuoted(this.wanted); // an instrument an LP quotes costs no random walk
  }

  quotes(code: string): boolean {
    return this.wanted.has(code);
  }

  stop(): Promise<void> {
    this.walk.stop();
    this.off?.();
    this.off = null;
    return Promise.resolve();
  }
}
