// One alert in the alerts sheet: its condition and price, waiting or fired (at which price), its note, and delete.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons.tsx';
import type { PriceAlert } from '../../domain/price-alerts.ts';
import { removeAlert } from '../../state/price-alerts.ts';

export function AlertRow({ alert: a }: { alert: PriceAlert }): ReactElement {
  const { t } = useTranslation();
  return (
    <li className="al-row" data-status={a.status} data-alert={a.id}>
      <Icon name="bell" size={18} className="al-row__icon" />
      <div className="al-row__text">
        <span className="al-row__line tw-num">{t(a.condition === 'above' ? 'alerts.line_above' : 'alerts.line_below', { price: a.price })}</span>
        <span className="al-row__status">
          {a.status === 'fired' ? t('alerts.status_fired', { price: a.fired_price ?? '' }) : t('alerts.status_active')}
        </span>
        {a.note ? <span className="al-row__note">{a.note}</span> : null}
      </div>
      <button
        type="button"
        className="al-row__delete"
        aria-label={t('alerts.delete', { code: a.show_code, price: a.price })}
        onClick={() => void removeAlert(a.id)}
      >
        <Icon name="trash" size={20} />
      </button>
    </li>
  );
}
