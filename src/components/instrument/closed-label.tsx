// The label a row or header shows instead of the change while trading is off: "Halted" (the dealing desk stopped it;
// the reason is the label's title and the order form's message) or "Closed" (market hours). Bound to the halt
// signal, so a halt flips it without re-rendering the row.
import { Show } from '@preact/signals-react/utils';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { QuoteView } from '../../state/market/quotes.ts';

export function ClosedLabel({ className, q }: { className: string; q: QuoteView }) {
  const { t } = useTranslation();
  return (
    <Show when={q.$halt} fallback={<span className={className}>{t('market.closed')}</span>}>
      {(reason) => (
        <span className={className} data-halted="" title={reason}>
          {t('market.halted')}
        </span>
      )}
    </Show>
  );
}

/**
 * The halt's reason as text under the instrument's name (docs/screens.md "A halt shows its reason without hover"): a phone has no hover, so the
 * label's title alone never shows it there. Nothing while trading.
 */
export function HaltReason({ className, q }: { className: string; q: QuoteView }) {
  return (
    <Show when={q.$halt}>
      {(reason) => (
        <span className={className} data-field="halt-reason">
          {reason}
        </span>
      )}
    </Show>
  );
}
