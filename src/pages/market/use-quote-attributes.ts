// Colour, staleness and open state of a quote live in data attributes that CSS styles: flipped per tick, not re-rendered.
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { effect } from '@preact/signals-react';
import type { RowSignals } from './row-signals.ts';

/** A ref for the element that carries data-dir / data-stale / data-open, kept in step with `s`. */
export function useQuoteAttributes<E extends HTMLElement>(s: RowSignals): RefObject<E | null> {
  const ref = useRef<E>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    return effect(() => {
      el.dataset.dir = s.$dir.value;
      el.dataset.stale = s.q.$stale.value ? 'true' : 'false';
      el.dataset.open = s.$open.value ? 'true' : 'false';
    });
  }, [s]);
  return ref;
}
