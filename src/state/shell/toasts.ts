// Any module (the API client included) can toast without importing React.
import { signal, computed } from '@preact/signals-react';
import { browserTimers, type Timers } from './clock.ts';

// A counter, so overlapping calls keep the overlay up until the last one settles.
export const $loadingCount = signal(0, { name: 'loading.$loadingCount' });
export const $loading = computed(() => $loadingCount.value > 0, { name: 'loading.$loading' });

export function beginLoading(): void {
  $loadingCount.value += 1;
}

export function endLoading(): void {
  // An unmatched end must not leave the next call's overlay closed.
  $loadingCount.value = Math.max(0, $loadingCount.value - 1);
}

export interface ToastItem {
  id: number;
  text: string;
}

export const TOAST_MS = 2600;
const MAX_VISIBLE = 3;

export const $toasts = signal<readonly ToastItem[]>([], { name: 'toasts.$toasts' });
let nextId = 1;

/** The same text twice in a row is shown once (a burst of failing calls). */
export function toast(text: string, timers: Timers = browserTimers, ms = TOAST_MS): void {
  if (!text) return;
  const list = $toasts.peek();
  if (list.length > 0 && list[list.length - 1]?.text === text) return;
  const item: ToastItem = { id: nextId++, text };
  $toasts.value = [...list, item].slice(-MAX_VISIBLE);
  timers.setTimeout(() => dismissToast(item.id), ms);
}

export function dismissToast(id: number): void {
  $toasts.value = $toasts.peek().filter((t) => t.id !== id);
}
