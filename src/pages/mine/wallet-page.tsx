// /mine/wallet: the balance and the saved payout methods (docs/contract.md §2).
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon, type IconPath } from '../../components/icons/icons.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { BalanceSummary, useBalance } from './balance-summary.tsx';
import './money.css';
import { ICON_ORDERS } from '../../components/icons/first-icons.ts';
import { ICON_CARD, ICON_CHEVRON, ICON_COIN } from '../../components/icons/screen-icons.ts';

const ROWS: ReadonlyArray<{ to: string; icon: IconPath; labelKey: string }> = [
  { to: '/mine/bank-card-list', icon: ICON_CARD, labelKey: 'wallet.bank_cards' },
  { to: '/mine/coin-address-list', icon: ICON_COIN, labelKey: 'wallet.coin_addresses' },
  { to: '/mine/history', icon: ICON_ORDERS, labelKey: 'wallet.records' },
];

export function WalletPage(): ReactElement {
  const { t } = useTranslation();
  const { funds } = useBalance();
  return (
    <div className="page">
      <TitleBar titleKey="page.wallet" back="/user" />
      <div className="page-body mw-page">
        <BalanceSummary funds={funds} />
        <div className="mw-actions">
          <Link className="btn btn-primary" to="/mine/charge">
            {t('user.deposit')}
          </Link>
          <Link className="btn btn-secondary" to="/mine/withdraw">
            {t('user.withdraw')}
          </Link>
        </div>
        <ul className="mw-links">
          {ROWS.map((r) => (
            <li key={r.to}>
              <Link className="mw-link" to={r.to} data-row={r.to}>
                <Icon icon={r.icon} size={20} />
                <span>{t(r.labelKey)}</span>
                <Icon icon={ICON_CHEVRON} size={18} className="flip-rtl mw-link__chev" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
