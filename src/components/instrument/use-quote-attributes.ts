// Colour, staleness and open state of a quote live in data attributes that CSS styles: flipped per tick, not re-rendered.
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { effect } from '@preact/signals-react';
import type { RowSignals } from '../../state/market/row-signals.ts';

/** A ref for the element that carries data-dir / data-stale / data-open, kept in step with `s`. */
export function useQuoteAttributes<E extends HTMLElement>(s: RowSignals): RefObject<E | null> {
  const ref = useRef<E>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    // The effect runs when any of the three changes (mostly $dir, per tick); the other two keep their value, and an
    // attribute left alone is one the style engine has nothing to check.
    const set = (name: 'dir' | 'stale' | 'open', v: string): void => {
      if (el.dataset[name] !== v) el.dataset[name] = v;
    };
    return effect(() => {
      set('dir', s.$dir.value);
      set('stale', s.q.$stale.value ? 'true' : 'false');
      set('open', s.$open.value ? 'true' : 'false');
    });
  }, [s]);
  return ref;
}
