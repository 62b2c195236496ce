// Quote state as data attributes CSS styles, written only on change; a row's direction goes on its change box.
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { effect } from '@preact/signals-react';
import type { RowSignals } from '../../state/market/row-signals.ts';

/** Carries data-stale / data-open (and data-dir, unless `change` is given). */
export function useQuoteAttributes<E extends HTMLElement>(
  s: RowSignals,
  change?: RefObject<HTMLElement | null>,
): RefObject<E | null> {
  const ref = useRef<E>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    // A row-level data-dir left by index.html's paint (src/boot/first-paint.ts) would outrank the boxes'.
    const box = change ? change.current : el;
    if (change) delete el.dataset.dir;
    const set = (target: HTMLElement, name: 'dir' | 'stale' | 'open', v: string): void => {
      if (target.dataset[name] !== v) target.dataset[name] = v;
    };
    // Three effects: a tick that flips the direction writes that one attribute only.
    const stopDir = box ? effect(() => set(box, 'dir', s.$dir.value)) : undefined;
    const stopStale = effect(() => set(el, 'stale', s.q.$stale.value ? 'true' : 'false'));
    const stopOpen = effect(() => set(el, 'open', s.$open.value ? 'true' : 'false'));
    return () => {
      stopDir?.();
      stopStale();
      stopOpen();
    };
  }, [s, change]);
  return ref;
}
