// Margin call (docs/trading.md "Margin call"); live figures follow the feed as text, an alert a screen reader says.
import { useMemo, type ReactElement } from 'react';
import { computed } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LiveText } from '../text/live-text.tsx';
import { $marginCall, $marginCallLevel, dismissMarginCall } from '../../state/account/margin-call.ts';
import { $liveRiskRate, $marginCallOn } from '../../state/account/margin-call-view.ts';
import { $stopOutDistance } from '../../state/account/account-figures.ts';
import { formatMoney, formatPercent } from '../../i18n/format.ts';
import { NO_VALUE } from '../../../domain/format/money-text.ts';
import './margin-call-banner.css';

export function MarginCallBanner(): ReactElement | null {
  useSignals();
  const { t } = useTranslation();
  const text = useMemo(
    () => ({
      sentence: computed(
        () => {
          const live = $liveRiskRate.value;
          const rate = live ? formatPercent(live, { ratio: true }) : formatPercent($marginCall.value?.risk_rate);
          const level = $marginCallLevel.value ?? $marginCall.value?.level ?? '';
          return t('book.margin_call_banner', { risk_rate: rate, level: formatPercent(level) });
        },
        { name: 'margin-call-banner.sentence' },
      ),
      distance: computed(
        () => t('book.stop_out_distance', { amount: formatMoney($stopOutDistance.value, { missing: NO_VALUE }) }),
        { name: 'margin-call-banner.distance' },
      ),
    }),
    [t],
  );
  if (!$marginCallOn.value) return null;
  return (
    <div className="od-margin-call" role="alert" data-testid="margin-call">
      <div className="od-margin-call__text">
        <strong>{t('book.margin_call_title')}</strong>
        <LiveText $text={text.sentence} prose />
        <LiveText $text={text.distance} field="stop-out-distance" prose />
      </div>
      <button type="button" className="btn btn-ghost" data-action="dismiss-margin-call" onClick={dismissMarginCall}>
        {t('book.margin_call_dismiss')}
      </button>
    </div>
  );
}
