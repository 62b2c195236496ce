// Shift is no modifier here: '?' and, on many layouts, '/' need it. Escape is the sheets' own.
import { PERIODS, type Period } from '../../domain/types.ts';

/** 1–6 are the contract's six periods; 7 and 8 the 4H and 1W. */
const KEY_PERIODS: readonly Period[] = [...PERIODS, '4hour', '1week'];

export type DeskAction =
  | { kind: 'side'; side: 1 | 2 }
  | { kind: 'period'; period: Period }
  | { kind: 'move'; by: 1 | -1 }
  | { kind: 'search' }
  | { kind: 'help' };

export type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'repeat' | 'target'> & {
  isComposing?: boolean;
};

/** In the help sheet's order; texts in locales "shortcuts". */
export const SHORTCUT_LIST: ReadonlyArray<{ keys: string; textKey: string }> = [
  { keys: 'B', textKey: 'shortcuts.buy' },
  { keys: 'S', textKey: 'shortcuts.sell' },
  { keys: '1–8', textKey: 'shortcuts.period' },
  { keys: '↑ ↓', textKey: 'shortcuts.move' },
  { keys: '/', textKey: 'shortcuts.search' },
  { keys: 'Esc', textKey: 'shortcuts.close' },
  { keys: '?', textKey: 'shortcuts.help' },
];

/** An input (any type but buttons), a textarea, a select, or contenteditable. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  const field = target.closest('input, textarea, select, [contenteditable]');
  if (!field) return false;
  if (field instanceof HTMLInputElement)
    return !['button', 'submit', 'reset', 'checkbox', 'radio'].includes(field.type);
  if (field.hasAttribute('contenteditable')) return field.getAttribute('contenteditable') !== 'false';
  return true;
}

/** null in a field, a Ctrl/Alt/Meta chord, an IME composition, or with a modal open. */
export function deskAction(e: KeyLike, modalOpen: boolean): DeskAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey || e.isComposing === true) return null;
  if (modalOpen || isTypingTarget(e.target)) return null;
  const key = e.key;
  // A held B or S repeats its keydown: one order per press, never a burst.
  if (key === 'b' || key === 'B') return e.repeat ? null : { kind: 'side', side: 1 };
  if (key === 's' || key === 'S') return e.repeat ? null : { kind: 'side', side: 2 };
  if (key === 'ArrowDown') return { kind: 'move', by: 1 };
  if (key === 'ArrowUp') return { kind: 'move', by: -1 };
  if (key === '/') return { kind: 'search' };
  if (key === '?') return { kind: 'help' };
  if (/^[1-8]$/.test(key)) {
    const period = KEY_PERIODS[Number(key) - 1];
    return period ? { kind: 'period', period } : null;
  }
  return null;
}

/** The first one when `current` is not there. */
export function nextCode(codes: readonly string[], current: string | null, by: 1 | -1): string | null {
  const at = current === null ? -1 : codes.indexOf(current);
  if (at < 0) return codes[0] ?? null;
  return codes[Math.min(Math.max(at + by, 0), codes.length - 1)] ?? null;
}
