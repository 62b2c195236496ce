// Screen state of /trade that outlives one visit.
import { signal } from '@preact/signals-react';
import type { Instrument, Period } from '../../../domain/types.ts';

export const $period = signal<Period>('1min', { name: 'trade-state.$period' });

/** B / S on the desk: the form takes this side and focuses the lots field. */
export const $formRequest = signal<{ side: 1 | 2; seq: number } | null>(null, { name: 'trade-state.$formRequest' });

export function requestForm(side: 1 | 2): void {
  $formRequest.value = { side, seq: ($formRequest.peek()?.seq ?? 0) + 1 };
}

/** The first instrument when the list lacks the current code. */
export function pickInstrument(list: readonly Instrument[], code: string | null): Instrument | null {
  return list.find((i) => i.Code === code) ?? list[0] ?? null;
}
