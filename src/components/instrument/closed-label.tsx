// Bound to the halt signal, so a halt flips it without re-rendering the row.
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

/** A phone has no hover (docs/screens.md "A halt shows its reason without hover"). */
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
