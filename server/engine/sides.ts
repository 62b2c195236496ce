// MT5's rules (docs/trading.md "Bid and ask"): an order watches the side that would fill or close it.
import type { Side } from '../../domain/trade-maths.ts';
import { price, type Price } from '../../domain/units.ts';
import type { LiveQuote } from '../market/market-view.ts';

export interface Sides {
  bid: Price;
  ask: Price;
}

/** One price: both are Close; null when there is no quote. */
export function quoteSides(q: Pick<LiveQuote, 'close' | 'ask'> | undefined): Sides | null {
  return q ? tickSides({ price: q.close, ask: q.ask }) : null;
}

/** `ask` is absent for one price. */
export function tickSides(t: { price: string; ask?: string | undefined }): Sides {
  const bid = price(t.price);
  return { bid, ask: t.ask === undefined ? bid : price(t.ask) };
}

/** A pending order fills here too. */
export const openSide = (side: Side, s: Sides): Price => (side === 'buy' ? s.ask : s.bid);

export const closeSide = (side: Side, s: Sides): Price => (side === 'buy' ? s.bid : s.ask);

/** A pending buy fills at the ask, and a holding sell closes there. */
export const watchesAsk = (o: { side: Side; status: 0 | 1 | 3 }): boolean => (o.status === 0) === (o.side === 'buy');

export const watchedPrice = (o: { side: Side; status: 0 | 1 | 3 }, s: Sides): Price => (watchesAsk(o) ? s.ask : s.bid);
