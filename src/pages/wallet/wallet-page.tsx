// /mine/wallet (SPEC §2): the balance, and rows to the saved bank accounts and coin addresses.
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { TitleBar } from '../../components/title-bar.tsx';
import { Icon, type IconName } from '../../components/icons.tsx';
import { FundsSummary } from './funds-summary.tsx';
import { useFunds } from './use-funds.ts';
import './wallet.css';

const ROWS: ReadonlyArray<{ key: string; to: string; labelKey: string; icon: IconName }> = [
  { key: 'bank-cards', to: '/mine/bank-card-list', labelKey: 'wallet.bank_cards', icon: 'wallet' },
  { key: 'coin-addresses', to: '/mine/coin-address-list', labelKey: 'wallet.coin_addresses', icon: 'deposit' },
  { key: 'history', to: '/mine/history', labelKey: 'wallet.records', icon: 'orders' },
];

export function WalletPage(): ReactElement {
  const { t } = useTranslation();
  const { funds } = useFunds();
  return (
    <div className="page wl-page">
      <TitleBar titleKey="page.wallet" back="/user" />
      <div className="page-body wl-body">
        <FundsSummary funds={funds} />
        <ul className="wl-rows">
          {ROWS.map((row) => (
            <li key={row.key}>
              <Link to={row.to} className="wl-row" data-row={row.key}>
                <span className="wl-row__icon">
                  <Icon name={row.icon} size={20} />
                </span>
                <span className="wl-row__label">{t(row.labelKey)}</span>
                <Icon name="chevron" size={18} className="flip-rtl wl-row__chev" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
