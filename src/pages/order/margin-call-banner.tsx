// The margin-call banner on the order screen (docs/trading.md "Margin call"): shown when the server said the account's
// risk rate crossed the dealer's level, until dismissed. An alert, so a screen reader says it when it appears.
import type { ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { $marginCall, dismissMarginCall } from '../../state/account/margin-call.ts';

export function MarginCallBanner(): ReactElement | null {
  useSignals();
  const { t } = useTranslation();
  const call = $marginCall.value;
  if (!call) return null;
  return (
    <div className="od-margin-call" role="alert" data-testid="margin-call">
      <div className="od-margin-call__text">
        <strong>{t('book.margin_call_title')}</strong>
        <span>{t('book.margin_call_banner', { risk_rate: `${call.risk_rate}%`, level: `${call.level}%` })}</span>
      </div>
      <button type="button" className="btn btn-ghost" data-action="dismiss-margin-call" onClick={dismissMarginCall}>
        {t('book.margin_call_dismiss')}
      </button>
    </div>
  );
}
