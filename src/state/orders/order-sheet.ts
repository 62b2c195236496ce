import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { AppOrder } from '../../../domain/types.ts';
import { ORDER_TABS, orderLists } from './order-lists.ts';

export const $openOrderId: Signal<number | null> = signal<number | null>(null, { name: 'order-sheet.$openOrderId' });
let openSnapshot: AppOrder | null = null;

/** As fresh as the lists, which events keep current. */
export const $openOrder: ReadonlySignal<AppOrder | null> = computed(
  () => {
    const id = $openOrderId.value;
    if (id === null) return null;
    for (const tab of ORDER_TABS) {
      const found = orderLists[tab].value.items.find((o) => o.Id === id);
      if (found) return found;
    }
    return openSnapshot?.Id === id ? openSnapshot : null;
  },
  { name: 'order-sheet.$openOrder' },
);

export function openOrder(order: AppOrder): void {
  openSnapshot = order;
  $openOrderId.value = order.Id;
}

export function closeSheet(): void {
  $openOrderId.value = null;
}

/** Also drops any snapshot of another account's order. */
export function resetSheet(): void {
  openSnapshot = null;
  $openOrderId.value = null;
}
