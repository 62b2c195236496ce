// An order's lots as the app writes them everywhere (domain/format/lots.ts): at its instrument's lot step, read from
// the instrument list (a component under useSignals follows the list as it loads).
import type { AppOrder } from '../../../domain/types.ts';
import { lotsText } from '../../../domain/format/lots.ts';
import { $instruments } from './instruments.ts';

/** The lot step (`Pip`) of an instrument, undefined while the list does not have it. */
export function lotStepOf(forexId: number): string | undefined {
  return $instruments.value.find((i) => i.Id === forexId)?.Pip;
}

/** `quantity` lots of `forexId` (an order's by default), at the instrument's lot step. */
export function orderLots(order: Pick<AppOrder, 'ForexId' | 'Quantity'>, quantity: string = order.Quantity): string {
  return lotsText(quantity, lotStepOf(order.ForexId));
}
