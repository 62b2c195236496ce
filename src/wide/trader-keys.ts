// Shift is no modifier here: '?' and, on many layouts, '/' need it. Escape is the sheets' own.
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { $currentCode } from '../state/market/current-code.ts';
import { $oneClick } from '../state/orders/one-click.ts';
import { navigateTo } from '../state/shell/navigator.ts';
import { $period, requestForm } from '../state/market/trade-state.ts';
import { placeOneClick } from '../pages/trade/order-ticket/one-click.ts';
import { PERIODS, type Instrument, type Period } from '../../domain/types.ts';

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

/** A kept-alive desk that is hidden ignores keys. */
export function useDeskKeys(root: RefObject<HTMLElement | null>, inst: Instrument | null, openHelp: () => void): void {
  const { t } = useTranslation();
  const latest = useRef({ inst, openHelp, t });
  latest.current = { inst, openHelp, t };

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const el = root.current;
      if (!el || el.closest('[hidden]')) return;
      const action = deskAction(e, document.querySelector('[aria-modal="true"]') !== null);
      if (!action) return;
      e.preventDefault();
      const { inst: shown, openHelp: help, t: tr } = latest.current;
      switch (action.kind) {
        case 'side':
          if (!shown) return;
          if ($oneClick.peek()) void placeOneClick(shown, action.side, tr);
          else requestForm(action.side);
          return;
        case 'period':
          $period.value = action.period;
          return;
        case 'move': {
          // On-screen order: the category and filter the trader chose.
          const rows = Array.from(el.querySelectorAll<HTMLElement>('.dk-market .mk-row[data-code]'));
          const code = nextCode(
            rows.map((r) => r.dataset.code ?? ''),
            shown?.Code ?? null,
            action.by,
          );
          if (code === null) return;
          $currentCode.value = code;
          rows.find((r) => r.dataset.code === code)?.scrollIntoView({ block: 'nearest' });
          return;
        }
        case 'search':
          navigateTo('/product');
          return;
        case 'help':
          help();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [root]);
}
