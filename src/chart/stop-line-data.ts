// Fixed stops are not drawn: the line is there to watch a trailing stop move.
import type { AppOrder } from '../../domain/types.ts';
import type { StopLine } from './stop-lines.ts';
import { trailOf } from '../../domain/order-rules.ts';
import { dec, isDecimalText } from '../../domain/decimal.ts';

export function trailingStopLines(held: readonly AppOrder[], forexId: number, title: string): StopLine[] {
  const out: StopLine[] = [];
  for (const o of held) {
    if (o.ForexId !== forexId || o.Status !== 1 || !trailOf(o)) continue;
    if (!isDecimalText(o.TargetLossPrice) || dec(o.TargetLossPrice).lte(0)) continue;
    out.push({ id: o.Id, price: Number(o.TargetLossPrice), priceText: o.TargetLossPrice, title });
  }
  return out;
}
