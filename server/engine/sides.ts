// Which side of a two-sided quote an order trades and triggers on (docs/trading.md "Bid and ask", MT5's rules): a
// buy opens at the ask and closes at the bid, a sell the reverse. A pending order watches the side that would fill
// it (a buy limit or stop the ask, a sell's the bid); a position watches its closing side (a buy's TP, SL, trailing
// stop, floating P&L and stop-out the bid; a sell's the ask). With one price (no spread) both sides are Close.
import type { Side } from '../../domain/trade-maths.ts';
import { price, type Price } from '../../domain/units.ts';
import type { LiveQuote } from '../market/market-view.ts';

export interface Sides {
  bid: Price;
  ask: Price;
}

/** The quote's two sides (one price: both are Close); null when there is no quote. */
export function quoteSides(q: Pick<LiveQuote, 'close' | 'ask'> | undefined): Sides | null {
  if (!q) return null;
  const bid = price(q.close);
  return { bid, ask: q.ask === undefined ? bid : price(q.ask) };
}

/** A tick's two sides: `price` is the bid, `ask` absent for one price. */
export function tickSides(t: { price: string; ask?: string | undefined }): Sides {
  const bid = price(t.price);
  return { bid, ask: t.ask === undefined ? bid : price(t.ask) };
}

/** Where an order of this side opens (and a pending one fills): a buy at the ask, a sell at the bid. */
export const openSide = (side: Side, s: Sides): Price => (side === 'buy' ? s.ask : s.bid);

/** Where a position of this side closes: a buy at the bid, a sell at the ask. */
export const closeSide = (side: Side, s: Sides): Price => (side === 'buy' ? s.bid : s.ask);

/** Does an open order watch the ask? A pending buy (it fills at the ask) and a holding sell (it closes there). */
export const watchesAsk = (o: { side: Side; status: 0 | 1 | 3 }): boolean => (o.status === 0) === (o.side === 'buy');

/** The price an open order's rules judge: the ask or the bid, by watchesAsk. */
export const watchedPrice = (o: { side: Side; status: 0 | 1 | 3 }, s: Sides): Price => (watchesAsk(o) ? s.ask : s.bid);
