// Available and frozen USD side by side, at the top of the wallet screens (docs/contract.md §9: 2 decimals, USD).
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Balance } from '../../../domain/types.ts';
import { formatMoney } from '../../i18n/format.ts';
import { CURRENCY } from '../../../domain/wallet-types.ts';
import { Num } from '../../components/text/num.tsx';

export function BalanceSummary({ funds }: { funds: Balance | null }): ReactElement {
  const { t } = useTranslation();
  const figures = [
    ['available', funds?.balance],
    ['frozen', funds?.lock_balance],
  ] as const;
  return (
    <section className="mw-summary" data-testid="balance-summary">
      {figures.map(([name, value]) => (
        <div key={name}>
          <span className="muted">{t(`wallet.${name}`)}</span>
          <strong data-testid={name}>
            <Num>{formatMoney(value)}</Num>
          </strong>
          <span className="mw-ccy">{CURRENCY}</span>
        </div>
      ))}
    </section>
  );
}
