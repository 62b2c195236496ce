// Available and frozen USD side by side, at the top of the wallet screens (docs/contract.md §9: 2 decimals, USD).
import { useCallback, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Balance } from '../../../domain/types.ts';
import { formatMoney } from '../../i18n/format.ts';
import { CURRENCY } from '../../../domain/wallet-types.ts';
import { Num } from '../../components/text/num.tsx';
import { useLoaded } from '../../components/lists/loaded.tsx';
import { balance as loadBalance } from '../../api/account.ts';
import { useRefreshOnChange } from '../../components/hooks/use-refresh-on-change.ts';

// Re-read on demand after a money action.
export function useBalance(): { funds: Balance | null; reload: () => void } {
  const { data: funds, reload } = useLoaded(loadBalance, undefined, true);
  useRefreshOnChange(reload);
  return { funds, reload };
}

/** One refresh re-reads both, the list from its first page. */
export function useBalanceWithList(list: { refresh: () => void }): { funds: Balance | null; refresh: () => void } {
  const { funds, reload } = useBalance();
  const refresh = useCallback(() => {
    reload();
    list.refresh();
  }, [reload, list]);
  return { funds, refresh };
}

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
