// The viewer's prefers-reduced-motion, as a signal for the motion CSS cannot reach (the chart's animated scroll
// and its kinetic scrolling). CSS animations and transitions follow the media query in app/layout/theme.css.
import { signal, type Signal } from '@preact/signals-react';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export const $reducedMotion: Signal<boolean> = signal(false, { name: 'motion.$reducedMotion' });

/** Follows the media query into $reducedMotion (app/start/start.ts calls it once; absent matchMedia means full motion). */
export function watchReducedMotion(match: ((q: string) => MediaQueryList) | undefined = globalThis.matchMedia): void {
  if (typeof match !== 'function') return;
  const mq = match.call(globalThis, REDUCED_MOTION_QUERY);
  $reducedMotion.value = mq.matches;
  mq.addEventListener?.('change', () => ($reducedMotion.value = mq.matches));
}
