// One source of truth: `data-updown` on <html>, turned into --up/--down by theme.css, read by everything coloured.
import { signal, type Signal } from '@preact/signals-react';
import { keepLocal, keptChoice } from '../shell/local-store.ts';

export type Updown = 'green-up' | 'red-up' | 'blue-orange';
export const UPDOWNS: readonly [Updown, ...Updown[]] = ['green-up', 'red-up', 'blue-orange'];
const KEY = 'tw:updown';

export const $updown: Signal<Updown> = signal<Updown>(keptChoice(KEY, UPDOWNS), { name: 'updown.$updown' });

/** Green-up is the stylesheet's default. */
export function applyUpdown(root: HTMLElement = document.documentElement, v: Updown = $updown.peek()): void {
  if (v === 'green-up') delete root.dataset.updown;
  else root.dataset.updown = v;
}

/** The attribute first, so a subscriber re-reading the variables sees the new ones. */
export function setUpdown(v: Updown, root: HTMLElement = document.documentElement): void {
  applyUpdown(root, v);
  $updown.value = v;
  keepLocal(KEY, v);
}
