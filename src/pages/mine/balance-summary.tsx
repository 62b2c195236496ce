// Available and frozen USD side by side, at the top of the wallet screens (docs/contract.md §9: 2 decimals, USD).
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Balance } from '../../../domain/types.ts';
import { formatMoney } from '../../i18n/format.ts';
import { CURRENCY } from '../../../domain/wallet-types.ts';
import { Num } from '../../components/text/num.tsx';

export function BalanceSummary({ funds }: { funds: Balance | null }): ReactElement {
  const { t } = useTranslation();
  const money = (v: string | undefined) => formatMoney(v);
  return (
    <section className="mw-summary" data-testid="balance-summary">
      <div>
        <span className="muted">{t('wallet.available')}</span>
        <strong data-testid="available">
          <Num>{money(funds?.balance)}</Num>
        </strong>
        <span className="mw-ccy">{CURRENCY}</span>
      </div>
      <div>
        <span className="muted">{t('wallet.frozen')}</span>
        <strong data-testid="frozen">
          <Num>{money(funds?.lock_balance)}</Num>
        </strong>
        <span className="mw-ccy">{CURRENCY}</span>
      </div>
    </section>
  );
}
