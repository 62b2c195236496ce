// Only the rows on screen read quotes: virtua's overscan rows stay drawn but idle; no observer means all on screen.
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

/** The flag starts true so a row mounting in view is live at once; the observer's first report corrects it. */
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

/** For tests that swap the global IntersectionObserver. */
export function resetOnScreenObserver(): void {
  observer?.disconnect();
  observer = null;
  flags.clear();
}

/** Always on outside a list (and in tests). */
export const OnScreenContext = createContext<ReadonlySignal<boolean>>(signal(true, { name: 'row-on-screen.always' }));
