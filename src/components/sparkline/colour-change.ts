// The chart and the sparklines draw in CSS variables that change with the colour scheme and the up/down preference.
import { effect } from '@preact/signals-react';
import { $updown } from '../../state/settings/updown.ts';

/** Not called at once; `also` may read more signals to follow. */
export function onColourChange(changed: () => void, also?: () => void): () => void {
  const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  media?.addEventListener('change', changed);
  let first = true;
  const off = effect(() => {
    void $updown.value;
    also?.();
    if (first) first = false;
    else changed();
  });
  return () => {
    media?.removeEventListener('change', changed);
    off();
  };
}
