// What a simulated instrument's quote looks like to readers (simulator.ts's MarketView side): the LiveQuote and the
// wire tuple (docs/protocol.md), each built once per change of the state and kept until the next.
import type { QuoteTuple } from '../../domain/ws-protocol.ts';
import type { LiveQuote } from './market-view.ts';
import { changePercentText, ticksToText } from './price-ticks.ts';
import type { SimState } from './sim-state.ts';

/** The state's LiveQuote (kept on the state until its next change). */
export function quoteOf(st: SimState): LiveQuote {
  if (!st.quote) {
    const p = st.inst.pricePrecision;
    st.quote = {
      instrumentId: st.inst.id,
      code: st.inst.code,
      open: ticksToText(st.dayOpen, p),
      high: ticksToText(st.dayHigh, p),
      low: ticksToText(st.dayLow, p),
      close: ticksToText(st.ticks, p),
      change: changePercentText(st.ticks, st.dayOpen),
      time: st.time,
      status: st.halt !== null ? 0 : st.status,
    };
    if (st.halt !== null) st.quote.deskFlag = 'halted';
    else if (st.stale) st.quote.deskFlag = 'stale';
    if (st.ask !== st.ticks) {
      st.quote.bid = st.quote.close;
      st.quote.ask = ticksToText(st.ask, p);
    }
  }
  return st.quote;
}

/** The state's wire tuple (kept on the state until its next change). */
export function tupleOf(st: SimState): QuoteTuple {
  if (!st.tuple) {
    const q = quoteOf(st);
    st.tuple = [q.code, q.close, q.change, q.time, q.status];
    // Only a flagged or two-sided quote is longer: the halt reason traders see, or "stale"; then bid and ask when
    // the dealer set a spread (docs/protocol.md), with null for the flags it does not have.
    if (st.halt !== null) st.tuple.push('halted', st.halt);
    else if (st.stale) st.tuple.push('stale');
    if (q.bid !== undefined && q.ask !== undefined) {
      while (st.tuple.length < 7) st.tuple.push(null);
      st.tuple.push(q.bid, q.ask);
    }
  }
  return st.tuple;
}
