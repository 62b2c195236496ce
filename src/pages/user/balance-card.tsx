import { useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { localStore } from '../../state/shell/local-store.ts';
import type { Balance } from '../../../domain/types.ts';
import { CURRENCY } from '../../../domain/wallet-types.ts';
import { formatMoney } from '../../i18n/format.ts';
import { Icon } from '../../components/icons/icons.tsx';
import { ICON_CHEVRON, ICON_EYE, ICON_EYE_OFF } from '../../components/icons/screen-icons.ts';

export const HIDE_BALANCE_KEY = 'tw-hide-balance';
const MASK = '****';

function readHidden(): boolean {
  return localStore()?.getItem(HIDE_BALANCE_KEY) === '1';
}

export function BalanceCard({ balance }: { balance: Balance | null }): ReactElement {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(readHidden);
  const toggle = (): void => {
    const next = !hidden;
    setHidden(next);
    try {
      localStore()?.setItem(HIDE_BALANCE_KEY, next ? '1' : '0');
    } catch {
      // Storage full: the toggle still works for this visit.
    }
  };
  const show = (v: string | undefined): string => (hidden ? MASK : formatMoney(v));
  return (
    <section className="balance-card" data-testid="balance-card">
      <div className="balance-card__head">
        <span>{t('user.balance_title')}</span>
        <button
          type="button"
          className="balance-card__eye"
          onClick={toggle}
          aria-pressed={hidden}
          aria-label={t(hidden ? 'user.show_balance' : 'user.hide_balance')}
          data-testid="balance-toggle"
        >
          <Icon icon={hidden ? ICON_EYE_OFF : ICON_EYE} size={20} />
        </button>
      </div>
      <Link to="/mine/history" className="balance-card__main">
        <span className="balance-card__amount num" data-testid="balance-amount">
          {show(balance?.balance)}
        </span>
        <span className="balance-card__ccy">{CURRENCY}</span>
        <Icon icon={ICON_CHEVRON} size={18} className="flip-rtl balance-card__chev" />
      </Link>
      <div className="balance-card__sub">
        <span>{t('user.frozen')}</span>
        <span className="num">{`${show(balance?.lock_balance)} ${CURRENCY}`}</span>
      </div>
    </section>
  );
}
