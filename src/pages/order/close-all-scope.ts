// The close-all sheet's scope: the four choices, the positions each takes (the server's own rule,
// domain/close-scope.ts), the query sent for it, the instrument "this instrument" means, and the estimate of
// their P&L (the rows' figures summed exactly, no rounding of its own).
import type { CloseAllParams } from '../../api/trading.ts';
import { inCloseScope, type CloseScope } from '../../../domain/close-scope.ts';
import { exactText } from '../../../domain/decimal.ts';
import { isDecimalText } from '../../../domain/decimal-text.ts';
import { sideOf, sumMoney } from '../../../domain/trade-maths.ts';
import type { AppOrder } from '../../../domain/types.ts';
import { usd, type Usd } from '../../../domain/units.ts';

export type CloseAllChoice = 'all' | 'buy' | 'sell' | 'instrument';

/** The instrument of the "this instrument" choice: its id and the code shown on its label. */
export interface ScopeInstrument {
  forexId: number;
  showCode: string;
}

/**
 * The instrument on the trade screen when a position is on it, otherwise that of the first (newest) position: the
 * choice is never an instrument with nothing to close unless nothing is held at all.
 */
export function scopeInstrument(held: readonly AppOrder[], currentCode: string | null): ScopeInstrument | null {
  const pick = held.find((o) => o.ForexTradeLists.Code === currentCode) ?? held[0];
  return pick ? { forexId: pick.ForexId, showCode: pick.ForexTradeLists.ShowCode } : null;
}

export function scopeOf(choice: CloseAllChoice, inst: ScopeInstrument | null): CloseScope {
  if (choice === 'buy' || choice === 'sell') return { side: choice };
  if (choice === 'instrument') return { forexId: inst?.forexId ?? -1 }; // no instrument: nothing in scope
  return {};
}

export function paramsOf(choice: CloseAllChoice, inst: ScopeInstrument | null): CloseAllParams {
  if (choice === 'instrument' && inst) return { scope: 'all', instrumentId: inst.forexId };
  return { scope: choice === 'buy' || choice === 'sell' ? choice : 'all' };
}

export function positionsIn(held: readonly AppOrder[], scope: CloseScope): AppOrder[] {
  return held.filter((o) => inCloseScope({ side: sideOf(o.OrderType), forexId: o.ForexId }, scope));
}

/** The sum of the positions' P&L as their rows show it, exact (the sheet shows it through the rows' formatter);
 * null when one is unknown (the estimate would be wrong). */
export function estimatedPnl(positions: readonly AppOrder[], pnlOf: (o: AppOrder) => string | null): string | null {
  const values: Usd[] = [];
  for (const o of positions) {
    const v = pnlOf(o);
    if (!isDecimalText(v)) return null;
    values.push(usd(v));
  }
  return exactText(sumMoney(values));
}
