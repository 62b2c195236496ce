// A kept-alive desk that is hidden ignores keys.
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { $currentCode } from '../state/market/current-code.ts';
import { $oneClick } from '../state/orders/one-click.ts';
import { navigateTo } from '../state/shell/navigator.ts';
import { $period, requestForm } from '../state/market/trade-state.ts';
import { placeOneClick } from '../pages/trade/order-ticket/one-click.ts';
import { deskAction, nextCode } from './trader-keys.ts';
import type { Instrument } from '../../domain/types.ts';

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
