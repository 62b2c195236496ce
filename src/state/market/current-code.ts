// Importing this touches no storage: start.ts calls persistCurrentCode() once (docs/architecture.md convention 12).
import { effect, signal, type Signal } from '@preact/signals-react';
import { localStore } from '../shell/local-store.ts';
import { navigateTo } from '../shell/navigator.ts';
import { afterPress } from '../shell/yield-task.ts';
import { CURRENT_CODE_KEY } from './current-code-key.ts';

/** null: none chosen yet. */
export const $currentCode: Signal<string | null> = signal<string | null>(null, { name: 'market.$currentCode' });

/** A tapped instrument row on the phone: chosen at once, /trade after the frame that shows the press. */
export function tradeInstrument(code: string, row?: Element): void {
  $currentCode.value = code;
  afterPress(row, () => navigateTo('/trade'));
}

/** Storage blocked (private mode): the choice is kept for this visit only. */
export function persistCurrentCode(storage: () => Storage | null = localStore): () => void {
  if ($currentCode.peek() === null) {
    try {
      $currentCode.value = storage()?.getItem(CURRENT_CODE_KEY) ?? null;
    } catch {
      // blocked storage: nothing restored
    }
  }
  return effect(() => {
    const code = $currentCode.value;
    try {
      if (code === null) storage()?.removeItem(CURRENT_CODE_KEY);
      else storage()?.setItem(CURRENT_CODE_KEY, code);
    } catch {
      // blocked storage: not kept across a reload
    }
  });
}
