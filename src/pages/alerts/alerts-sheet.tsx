// One instrument's alerts (docs/alerts.md); Web Push permission is asked only on its own tap.
import { useEffect, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import type { Instrument } from '../../../domain/types.ts';
import type { AlertSheetRequest } from '../../state/alerts/alert-sheet.ts';
import { $alerts, loadAlerts, removeAlert } from '../../state/alerts/price-alerts.ts';
import { AlertForm } from './alert-form.tsx';
import type { TFunction } from '../../i18n/index.ts';
import { Icon } from '../../components/icons/icons.tsx';
import type { PriceAlert } from '../../../domain/price-alerts.ts';
import { percentText } from '../../../domain/format/percent.ts';
import { ICON_BELL, ICON_TRASH } from '../../components/icons/screen-icons.ts';
import { toast } from '../../state/shell/toasts.ts';
import { $pushState, enablePush, readPushState } from '../../state/alerts/web-push.ts';
import './alerts.css';

// What one alert waits for, whether it fired (and at which price), its note, and delete.
/** "At or above 1.09000", "Up 2.5% in a day" … */
function lineText(t: TFunction, a: PriceAlert): string {
  if (a.kind === 'change')
    return t(a.condition === 'above' ? 'alerts.line_rise' : 'alerts.line_fall', { percent: a.percent ?? '' });
  return t(a.condition === 'above' ? 'alerts.line_above' : 'alerts.line_below', { price: a.price ?? '' });
}

function statusText(t: TFunction, a: PriceAlert): string {
  if (a.status !== 'fired') return t('alerts.status_active');
  if (a.kind === 'change' && a.fired_change !== null) {
    return t('alerts.status_fired_change', {
      change: percentText(a.fired_change, { signed: true }),
      price: a.fired_price ?? '',
    });
  }
  return t('alerts.status_fired', { price: a.fired_price ?? '' });
}

export function AlertRow({ alert: a }: { alert: PriceAlert }): ReactElement {
  const { t } = useTranslation();
  const line = lineText(t, a);
  return (
    <li className="al-row" data-status={a.status} data-kind={a.kind} data-alert={a.id}>
      <Icon icon={ICON_BELL} size={18} className="al-row__icon" />
      <div className="al-row__text">
        <span className="al-row__line tw-num">{line}</span>
        <span className="al-row__status">{statusText(t, a)}</span>
        {a.note ? <span className="al-row__note">{a.note}</span> : null}
      </div>
      <button
        type="button"
        className="al-row__delete"
        aria-label={t('alerts.delete', { code: a.show_code, price: line })}
        onClick={() => void removeAlert(a.id)}
      >
        <Icon icon={ICON_TRASH} size={20} />
      </button>
    </li>
  );
}

// This browser's Web Push for price alerts; the permission prompt comes only from this button's tap.
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

export function AlertsSheet({
  request,
  onClose,
}: {
  request: AlertSheetRequest | null;
  onClose: () => void;
}): ReactElement {
  return (
    <BottomSheet open={request !== null} onClose={onClose} titleKey="alerts.title">
      {request ? (
        <div className="al-body">
          <AlertForm key={request.seq} inst={request.inst} kind={request.kind} price={request.price} />
          <InstrumentAlerts inst={request.inst} />
          <PushSetting />
        </div>
      ) : null}
    </BottomSheet>
  );
}

function InstrumentAlerts({ inst }: { inst: Instrument }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  useEffect(() => {
    void loadAlerts();
  }, []);
  const list = $alerts.value;
  const mine = list?.alerts.filter((a) => a.instrumentId === inst.Id) ?? [];
  const active = list?.alerts.filter((a) => a.status === 'active').length ?? 0;
  return (
    <section className="al-list" aria-label={t('alerts.open_for', { code: inst.ShowCode })}>
      {list ? <p className="al-count">{t('alerts.count', { count: active, max: list.max })}</p> : null}
      {mine.length === 0 ? (
        <p className="al-empty">{t('alerts.empty')}</p>
      ) : (
        <ul className="al-rows">
          {mine.map((a) => (
            <AlertRow key={a.id} alert={a} />
          ))}
        </ul>
      )}
    </section>
  );
}
