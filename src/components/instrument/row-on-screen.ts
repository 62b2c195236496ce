// Whether a list row is on screen: one IntersectionObserver for every list slot (root: the viewport, so the list's
// scroller and any hidden ancestor clip it too). virtua mounts a few rows beyond each edge so a scroll never shows an
// empty slot; those rows stay drawn but read no quote (gated-quote.ts) until they come into view: only the rows on
// screen are subscribed (bench/README.md "Render A/B: the method", the desk case). No observer (an old browser, a
// test without one): every mounted row counts as on screen.
import { createContext } from 'react';
import { batch, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';

const flags = new Map<Element, Signal<boolean>>();
let observer: IntersectionObserver | null = null;

function theObserver(): IntersectionObserver | null {
  if (observer) return observer;
  if (typeof IntersectionObserver === 'undefined') return null;
  observer = new IntersectionObserver((entries) =>
    batch(() => {
      for (const e of entries) {
        const flag = flags.get(e.target);
        if (flag) flag.value = e.isIntersecting;
      }
    }),
  );
  return observer;
}

/**
 * Keeps `flag` equal to whether `el` (a list slot) is on screen; answers the function that stops. The flag starts true
 * (its owner's choice), so a row that mounts in view is live at once; the observer's first report corrects it.
 */
export function watchOnScreen(el: Element, flag: Signal<boolean>): () => void {
  const io = theObserver();
  if (!io) return () => undefined;
  flags.set(el, flag);
  io.observe(el);
  return () => {
    io.unobserve(el);
    flags.delete(el);
  };
}

/** For rows outside a virtual list (and tests): always on screen. */
export const onScreenAlways: ReadonlySignal<boolean> = signal(true, { name: 'row-on-screen.always' });

/** Forgets the shared observer (tests that swap the global IntersectionObserver). */
export function resetOnScreenObserver(): void {
  observer?.disconnect();
  observer = null;
  flags.clear();
}

/** The on-screen flag of the list slot a row is drawn in (market-list.tsx); always on outside a list. */
export const OnScreenContext = createContext<ReadonlySignal<boolean>>(onScreenAlways);
