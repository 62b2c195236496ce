// Colour, staleness and open state of a quote live in data attributes that CSS styles, each written only when it
// changes: never re-rendered. A market row passes its change box: the direction (flipped far more often than the other
// two) goes there instead of the row (the price's LiveText writes its own), so a flip restyles two boxes, not the row
// (bench/README.md "Render A/B: the method", the desk case). The /trade header keeps all three on its element.
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { effect } from '@preact/signals-react';
import type { RowSignals } from '../../state/market/row-signals.ts';

/** A ref for the element that carries data-stale / data-open (and data-dir, unless `change` is given), kept in step. */
export function useQuoteAttributes<E extends HTMLElement>(
  s: RowSignals,
  change?: RefObject<HTMLElement | null>,
): RefObject<E | null> {
  const ref = useRef<E>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    // index.html's inline paint colours a row by a row-level data-dir (src/boot/first-paint.ts); once the boxes carry it, a
    // row-level one left behind would outrank theirs.
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
