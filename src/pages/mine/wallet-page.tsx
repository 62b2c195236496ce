// /mine/wallet: the balance, and the trader's saved payout methods — bank accounts and coin addresses (docs/contract.md §2).
import type { ReactElement } from 'react';
import { AppLink } from '../../components/nav/app-link.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon, type IconName } from '../../components/icons/icons.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { BalanceSummary } from './balance-summary.tsx';
import { useBalance } from './use-balance.ts';
import './money.css';

const ROWS: ReadonlyArray<{ to: string; icon: IconName; labelKey: string }> = [
  { to: '/mine/bank-card-list', icon: 'card', labelKey: 'wallet.bank_cards' },
  { to: '/mine/coin-address-list', icon: 'coin', labelKey: 'wallet.coin_addresses' },
  { to: '/mine/history', icon: 'orders', labelKey: 'wallet.records' },
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
          <AppLink className="btn btn-primary" to="/mine/charge">
            {t('user.deposit')}
          </AppLink>
          <AppLink className="btn btn-secondary" to="/mine/withdraw">
            {t('user.withdraw')}
          </AppLink>
        </div>
        <ul className="mw-links">
          {ROWS.map((r) => (
            <li key={r.to}>
              <AppLink className="mw-link" to={r.to} data-row={r.to}>
                <Icon name={r.icon} size={20} />
                <span>{t(r.labelKey)}</span>
                <Icon name="chevron" size={18} className="flip-rtl mw-link__chev" />
              </AppLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
