// A counter, so overlapping calls keep the overlay up until the last one settles.
import { computed, signal } from '@preact/signals-react';

export const $loadingCount = signal(0, { name: 'loading.$loadingCount' });
export const $loading = computed(() => $loadingCount.value > 0, { name: 'loading.$loading' });

export function beginLoading(): void {
  $loadingCount.value += 1;
}

export function endLoading(): void {
  // An unmatched end must not leave the next call's overlay closed.
  $loadingCount.value = Math.max(0, $loadingCount.value - 1);
}
