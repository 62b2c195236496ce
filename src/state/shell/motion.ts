// For the motion CSS cannot reach (the chart's scrolls); CSS follows the media query itself.
import { signal, type Signal } from '@preact/signals-react';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export const $reducedMotion: Signal<boolean> = signal(false, { name: 'motion.$reducedMotion' });

/** Absent matchMedia means full motion. */
export function watchReducedMotion(match: ((q: string) => MediaQueryList) | undefined = globalThis.matchMedia): void {
  if (typeof match !== 'function') return;
  const mq = match.call(globalThis, REDUCED_MOTION_QUERY);
  $reducedMotion.value = mq.matches;
  mq.addEventListener?.('change', () => ($reducedMotion.value = mq.matches));
}
