// The update prompt shows only while no order form is open, so code is never swapped under a half-typed order.
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';

export const $updateWaiting: Signal<boolean> = signal(false, { name: 'app-update.$updateWaiting' });
export const $updateHolds: Signal<number> = signal(0, { name: 'app-update.$updateHolds' });
/** For this page's life: it comes back with the next update. */
export const $updateDismissed: Signal<boolean> = signal(false, { name: 'app-update.$updateDismissed' });

export const $offerUpdate: ReadonlySignal<boolean> = computed(
  () => $updateWaiting.value && $updateHolds.value === 0 && !$updateDismissed.value,
  { name: 'app-update.$offerUpdate' },
);

/** Releasing twice is harmless. */
export function holdUpdate(): () => void {
  $updateHolds.value += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    $updateHolds.value -= 1;
  };
}

let apply: (() => Promise<void>) | null = null;

/** `activate` makes it take over and reloads. */
export function updateWaiting(activate: () => Promise<void>): void {
  apply = activate;
  $updateDismissed.value = false;
  $updateWaiting.value = true;
}

/** Refused while an order form is open (the prompt is hidden then anyway). */
export async function applyUpdate(): Promise<boolean> {
  if (!apply || $updateHolds.peek() > 0) return false;
  await apply();
  return true;
}
