// domain/format/lots.ts, at the instrument's lot step; a component under useSignals follows the list as it loads.
import type { AppOrder } from '../../../domain/types.ts';
import { lotsText } from '../../../domain/format/lots.ts';
import { $instruments } from './instruments.ts';

/** undefined while the list does not have it. */
export function lotStepOf(instrumentId: number): string | undefined {
  return $instruments.value.find((i) => i.Id === instrumentId)?.Pip;
}

export function orderLots(
  order: Pick<AppOrder, 'instrumentId' | 'Quantity'>,
  quantity: string = order.Quantity,
): string {
  return lotsText(quantity, lotStepOf(order.instrumentId));
}
