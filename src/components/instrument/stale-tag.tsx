// "as of 14:02" when the price's time is known, else "stale"; live text, so no render when a quote goes stale.
import { useMemo } from 'react';
import { computed } from '@preact/signals-react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { QuoteView } from '../../state/market/quotes.ts';
import { LiveText } from '../text/live-text.tsx';
import { formatAsOf } from '../../i18n/format.ts';
import { systemClock, type Clock } from '../../state/shell/clock.ts';
import './market-row.css';

export function StaleTag({ className, q, clock = systemClock }: { className: string; q: QuoteView; clock?: Clock }) {
  const { t } = useTranslation();
  const $text = useMemo(
    () =>
      computed(
        () => {
          // $tickAt is read only while stale, so a live quote's ticks never recompute this text.
          if (!q.$stale.value) return t('market.stale');
          const time = formatAsOf(q.$tickAt.value, clock.now());
          return time === '' ? t('market.stale') : t('market.as_of', { time });
        },
        { name: 'stale-tag.$text' },
      ),
    [q, t, clock], // t changes with the language: the text is written again
  );
  return (
    <span className={className} title={t('market.stale_hint')}>
      <svg viewBox="0 0 16 16" width="11" height="11" aria-hidden="true">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      <LiveText $text={$text} field="as-of" prose />
    </span>
  );
}
