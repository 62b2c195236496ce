// This browser's Web Push for price alerts; the permission prompt comes only from this button's tap.
import { useEffect, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { toast } from '../../state/shell/toasts.ts';
import { $pushState, enablePush, readPushState } from '../../state/alerts/web-push.ts';

const STATE_TEXT = {
  on: 'alerts.push_on',
  denied: 'alerts.push_denied',
  unsupported: 'alerts.push_unsupported',
} as const;

export function PushSetting(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  useEffect(() => {
    void readPushState();
  }, []);
  const state = $pushState.value;
  const turnOn = async (): Promise<void> => {
    if (!(await enablePush()) && $pushState.peek() === 'off') toast(t('alerts.push_failed'));
  };
  return (
    <section className="al-push" aria-label={t('alerts.notify_title')}>
      <h3 className="al-push__title">{t('alerts.notify_title')}</h3>
      {state === 'off' || state === 'busy' ? (
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={state === 'busy'}
          onClick={() => void turnOn()}
          data-testid="alert-push"
        >
          {t('alerts.push_enable')}
        </button>
      ) : (
        <p className="al-push__state" data-state={state}>
          {t(STATE_TEXT[state])}
        </p>
      )}
    </section>
  );
}
