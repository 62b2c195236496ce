// The available and frozen balances (their labels say USD) at the top of /mine/history and /mine/wallet (SPEC §2, §9: 2 decimals).
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Balance } from '../../domain/types.ts';
import { formatMoney } from '../../i18n/format.ts';

export function FundsSummary({ funds }: { funds: Balance | null }): ReactElement {
  const { t } = useTranslation();
  const show = (v: string | undefined): string => (v === undefined ? '--' : formatMoney(v, 2));
  return (
    <section className="wl-funds" data-testid="funds-summary">
      <div className="wl-funds__item">
        <span className="wl-funds__label">{t('wallet.available')}</span>
        <span className="wl-funds__value num" data-testid="funds-available">
          {show(funds?.balance)}
        </span>
      </div>
      <div className="wl-funds__item">
        <span className="wl-funds__label">{t('wallet.frozen')}</span>
        <span className="wl-funds__value num" data-testid="funds-frozen">
          {show(funds?.lock_balance)}
        </span>
      </div>
    </section>
  );
}
