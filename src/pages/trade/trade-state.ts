// Screen state of /trade that outlives one visit: the chart period, and which instrument is shown.
import { signal } from '@preact/signals-react';
import type { Instrument, Period } from '../../domain/types.ts';

export const $period = signal<Period>('1min', { name: 'trade-state.$period' });

/** The instrument /trade shows: the current code when the list has it, otherwise the first instrument. */
export function pickInstrument(list: readonly Instrument[], code: string | null): Instrument | null {
  if (code !== null) {
    const hit = list.find((i) => i.Code === code);
    if (hit) return hit;
  }
  return list[0] ?? null;
}
