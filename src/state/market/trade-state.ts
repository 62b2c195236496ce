// Screen state of /trade that outlives one visit: the chart period, and which instrument is shown.
import { signal } from '@preact/signals-react';
import type { Instrument, Period } from '../../../domain/types.ts';

export const $period = signal<Period>('1min', { name: 'trade-state.$period' });

/** A keyboard request (B / S on the desk) for the order form: take this side and focus the lots field. */
export const $formRequest = signal<{ side: 1 | 2; seq: number } | null>(null, { name: 'trade-state.$formRequest' });

export function requestForm(side: 1 | 2): void {
  $formRequest.value = { side, seq: ($formRequest.peek()?.seq ?? 0) + 1 };
}

/** The instrument /trade shows: the current code when the list has it, otherwise the first instrument. */
export function pickInstrument(list: readonly Instrument[], code: string | null): Instrument | null {
  if (code !== null) {
    const hit = list.find((i) => i.Code === code);
    if (hit) return hit;
  }
  return list[0] ?? null;
}
