// The engine's instruments as last read, re-read when an order names one added since; the index hears of new terms.
import { sideOf } from '../../domain/trade-maths.ts';
import type { Price } from '../../domain/units.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import type { MarketView } from '../market/market-view.ts';
import { closeSide, openSide, quoteSides, type Sides } from './sides.ts';
import type { EngineInstrument } from './types.ts';

export type InstrumentSource = (q: Queryable) => Promise<EngineInstrument[]>;

/** The terms the index scaled its figures by. */
const termsOf = (i: EngineInstrument): string => `${i.pricePrecision}|${i.spec.ForexContNum}`;

export class KnownInstruments {
  private readonly byId = new Map<number, EngineInstrument>();
  private readonly market: MarketView;
  private readonly load: InstrumentSource;
  private readonly termsChanged: (instrumentId: number) => void;

  constructor(market: MarketView, load: InstrumentSource, termsChanged: (instrumentId: number) => void) {
    this.market = market;
    this.load = load;
    this.termsChanged = termsChanged;
  }

  get(id: number): EngineInstrument | undefined {
    return this.byId.get(id);
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  async reload(q: Queryable): Promise<void> {
    for (const inst of await this.load(q)) {
      const before = this.byId.get(inst.id);
      this.byId.set(inst.id, inst);
      if (before && termsOf(before) === termsOf(inst)) continue;
      this.termsChanged(inst.id);
    }
  }

  /** Inside a transaction pass its `q`: PGlite's outer handle waits for the transaction and would deadlock. */
  async getOrThrow(id: number, q: Queryable): Promise<EngineInstrument> {
    let inst = this.byId.get(id);
    if (!inst) {
      await this.reload(q); // a catalog entry added since start
      inst = this.byId.get(id);
    }
    if (!inst) throw new ApiError('instrument_not_found');
    return inst;
  }

  /** docs/market-data.md: a stale price or a desk halt, with the reason traders see. */
  refuseOnBlock(code: string): void {
    const block = this.market.tradeBlock?.(code);
    if (block)
      throw new ApiError(block.key, undefined, block.key === 'instrument_halted' ? { reason: block.reason } : {});
  }

  /** Equal for one price; null when the market has none. */
  currentSides(inst: EngineInstrument): Sides | null {
    return quoteSides(this.market.latest(inst.code));
  }

  /** A buy's ask, a sell's bid. */
  openPrice(inst: EngineInstrument, orderType: number): Price | null {
    const s = this.currentSides(inst);
    return s ? openSide(sideOf(orderType), s) : null;
  }

  /** A buy's bid, a sell's ask. */
  closePrice(inst: EngineInstrument, orderType: number): Price | null {
    const s = this.currentSides(inst);
    return s ? closeSide(sideOf(orderType), s) : null;
  }
}
