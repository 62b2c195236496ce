// Each open order watches one side, so the one-price index sees each instrument twice: bid under id, ask under −id.
import type { EngineIndex, IndexSource, TickOutcome } from './index-types.ts';
import { watchesAsk } from './sides.ts';
import type { EngineInstrument, OpenOrder } from './types.ts';

export const askKey = (instrumentId: number): number => -instrumentId;

export interface SidedSource {
  instrument(id: number): EngineInstrument | undefined;
  latestSides(inst: EngineInstrument): { bid: string; ask: string } | null;
}

/** The book's observer; the figures no side changes are read from `inner` directly. */
export class SidedIndex implements Pick<EngineIndex, 'added' | 'removed' | 'reindex' | 'tick'> {
  readonly inner: EngineIndex;
  private readonly askTerms = new Map<number, { of: EngineInstrument; as: EngineInstrument }>();

  constructor(source: SidedSource, make: (source: IndexSource) => EngineIndex) {
    const inner: IndexSource = {
      instrument: (id) => (id >= 0 ? source.instrument(id) : this.askInstrument(source.instrument(-id))),
      latestPrice: (inst) => {
        const sides = source.latestSides(inst.id >= 0 ? inst : { ...inst, id: -inst.id });
        return sides ? (inst.id >= 0 ? sides.bid : sides.ask) : null;
      },
    };
    this.inner = make(inner);
  }

  /** One object per terms, as the index expects. */
  private askInstrument(inst: EngineInstrument | undefined): EngineInstrument | undefined {
    if (!inst) return undefined;
    const kept = this.askTerms.get(inst.id);
    if (kept && kept.of === inst) return kept.as;
    const as = { ...inst, id: askKey(inst.id) };
    this.askTerms.set(inst.id, { of: inst, as });
    return as;
  }

  private keyed(o: OpenOrder): OpenOrder {
    return watchesAsk(o) ? { ...o, instrumentId: askKey(o.instrumentId) } : o;
  }

  added(o: OpenOrder): void {
    this.inner.added(this.keyed(o));
  }

  removed(o: OpenOrder): void {
    this.inner.removed(this.keyed(o));
  }

  reindex(instrumentId: number, orders: readonly OpenOrder[]): void {
    const bidSide = orders.filter((o) => !watchesAsk(o));
    const askSide = orders.filter((o) => watchesAsk(o)).map((o) => this.keyed(o));
    this.inner.reindex(instrumentId, bidSide);
    this.inner.reindex(askKey(instrumentId), askSide);
  }

  /** `price` is the bid (or the one price); `ask` absent for one price. */
  tick(instrumentId: number, price: string, ask?: string): TickOutcome {
    const bid = this.inner.tick(instrumentId, price);
    const other = this.inner.tick(askKey(instrumentId), ask ?? price);
    if (other.crossed.length === 0 && other.atRisk.length === 0) return bid;
    if (bid.crossed.length === 0 && bid.atRisk.length === 0) return other;
    return { crossed: [...bid.crossed, ...other.crossed], atRisk: [...new Set([...bid.atRisk, ...other.atRisk])] };
  }
}
