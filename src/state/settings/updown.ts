// The up/down colour preference: green-up (default), red-up (the mainland China, Taiwan, Japan and Korea
// convention) or a colour-blind-safe blue/orange pair. One source of truth: the setting becomes `data-updown` on
// <html>, app/layout/theme.css turns that into --up/--down, and everything that colours a direction (CSS, the candle chart,
// the sparklines) reads those variables, re-reading them when $updown changes.
import { signal, type Signal } from '@preact/signals-react';
import { localStore } from '../shell/local-store.ts';

export type Updown = 'green-up' | 'red-up' | 'blue-orange';
export const UPDOWNS: readonly Updown[] = ['green-up', 'red-up', 'blue-orange'];
const KEY = 'tw:updown';

function readUpdown(): Updown {
  const v = localStore()?.getItem(KEY);
  return v === 'red-up' || v === 'blue-orange' ? v : 'green-up';
}

export const $updown: Signal<Updown> = signal<Updown>(readUpdown(), { name: 'updown.$updown' });

/** Puts the setting on the root element (the CSS variables follow it). Green-up is the stylesheet's default. */
export function applyUpdown(root: HTMLElement = document.documentElement, v: Updown = $updown.peek()): void {
  if (v === 'green-up') delete root.dataset.updown;
  else root.dataset.updown = v;
}

/** Chooses a palette: the attribute first, then the signal, so a subscriber re-reading the variables sees the new ones. */
export function setUpdown(v: Updown, root: HTMLElement = document.documentElement): void {
  applyUpdown(root, v);
  $updown.value = v;
  try {
    localStore()?.setItem(KEY, v);
  } catch {
    // storage blocked: kept for this visit only
  }
}
