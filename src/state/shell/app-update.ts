// A new version of the app waiting in the service worker, and the order forms that hold it back: the prompt
// ("new version, reload") shows only while no order form is open, so code is never swapped under a half-typed order.
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';

/** Set when the service worker has a new version installed and waiting (sw-update.ts). */
export const $updateWaiting: Signal<boolean> = signal(false, { name: 'app-update.$updateWaiting' });
/** Open order forms; each holds the update prompt back while it is mounted. */
export const $updateHolds: Signal<number> = signal(0, { name: 'app-update.$updateHolds' });
/** The user dismissed the prompt for this page's life (it comes back with the next update). */
export const $updateDismissed: Signal<boolean> = signal(false, { name: 'app-update.$updateDismissed' });

export const $offerUpdate: ReadonlySignal<boolean> = computed(
  () => $updateWaiting.value && $updateHolds.value === 0 && !$updateDismissed.value,
  { name: 'app-update.$offerUpdate' },
);

/** Holds the prompt back (an order form mounts); returns the release (it unmounts). Releasing twice is harmless. */
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

/** The service worker registration reports a waiting version; `activate` makes it take over and reloads. */
export function updateWaiting(activate: () => Promise<void>): void {
  apply = activate;
  $updateDismissed.value = false;
  $updateWaiting.value = true;
}

/** The user's "reload": refused while an order form is open (the prompt is hidden then anyway). */
export async function applyUpdate(): Promise<boolean> {
  if (!apply || $updateHolds.peek() > 0) return false;
  await apply();
  return true;
}
