// Which positions each close-all choice takes is the server's own rule (domain/close-scope.ts).
import type { CloseAllParams } from '../../api/trading.ts';
import { inCloseScope, type CloseScope } from '../../../domain/close-scope.ts';
import { exactText } from '../../../domain/decimal.ts';
import { isDecimalText } from '../../../domain/decimal-text.ts';
import { sideOf, sumMoney } from '../../../domain/trade-maths.ts';
import type { AppOrder } from '../../../domain/types.ts';
import { usd, type Usd } from '../../../domain/units.ts';

export type CloseAllChoice = 'all' | 'buy' | 'sell' | 'instrument';

export interface ScopeInstrument {
  instrumentId: number;
  showCode: string;
}

/** Never an instrument with nothing to close unless nothing is held at all. */
export function scopeInstrument(held: readonly AppOrder[], currentCode: string | null): ScopeInstrument | null {
  const pick = held.find((o) => o.instrument.Code === currentCode) ?? held[0];
  return pick ? { instrumentId: pick.instrumentId, showCode: pick.instrument.ShowCode } : null;
}

export function scopeOf(choice: CloseAllChoice, inst: ScopeInstrument | null): CloseScope {
  if (choice === 'buy' || choice === 'sell') return { side: choice };
  if (choice === 'instrument') return { instrumentId: inst?.instrumentId ?? -1 }; // no instrument: nothing in scope
  return {};
}

export function paramsOf(choice: CloseAllChoice, inst: ScopeInstrument | null): CloseAllParams {
  if (choice === 'instrument' && inst) return { scope: 'all', instrumentId: inst.instrumentId };
  return { scope: choice === 'buy' || choice === 'sell' ? choice : 'all' };
}

export function positionsIn(held: readonly AppOrder[], scope: CloseScope): AppOrder[] {
  return held.filter((o) => inCloseScope({ side: sideOf(o.OrderType), instrumentId: o.instrumentId }, scope));
}

/** Null when one is unknown: the estimate would be wrong. */
export function estimatedPnl(positions: readonly AppOrder[], pnlOf: (o: AppOrder) => string | null): string | null {
  const values: Usd[] = [];
  for (const o of positions) {
    const v = pnlOf(o);
    if (!isDecimalText(v)) return null;
    values.push(usd(v));
  }
  return exactText(sumMoney(values));
}
