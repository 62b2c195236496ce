// What one alert waits for, whether it fired (and at which price), its note, and delete.
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TFunction } from '../../i18n/index.ts';
import { Icon } from '../../components/icons/icons.tsx';
import type { PriceAlert } from '../../../domain/price-alerts.ts';
import { percentText } from '../../../domain/format/percent.ts';
import { removeAlert } from '../../state/alerts/price-alerts.ts';
import { ICON_BELL, ICON_TRASH } from '../../components/icons/screen-icons.ts';

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
