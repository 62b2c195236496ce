// domain/format/lots.ts, at the instrument's lot step; a component under useSignals follows the list as it loads.
import type { AppOrder } from '../../../domain/types.ts';
import { lotsText } from '../../../domain/format/lots.ts';
import { $instruments } from './instruments.ts';

/** Without a step while the list does not have the instrument. */
export function orderLots(
  order: Pick<AppOrder, 'instrumentId' | 'Quantity'>,
  quantity: string = order.Quantity,
): string {
  return lotsText(quantity, $instruments.value.find((i) => i.Id === order.instrumentId)?.Pip);
}
