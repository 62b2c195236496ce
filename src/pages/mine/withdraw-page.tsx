// /mine/withdraw (docs/contract.md §2); a request freezes its amount until an operator pays or rejects it.
import { useCallback, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useQuery } from '../../components/hooks/use-query.ts';
import { withdrawHistory } from '../../api/wallet.ts';
import { formatMoney } from '../../i18n/format.ts';
import { DateText } from '../../components/text/date-text.tsx';
import { BalanceSummary, useBalanceWithList } from './balance-summary.tsx';
import { usePages } from '../../components/lists/pages.tsx';
import { KindScreen, StatusRow } from './kind-screen.tsx';
import { shortAddress, WithdrawForm } from './withdraw-form.tsx';
import { Num } from '../../components/text/num.tsx';

export function WithdrawPage(): ReactElement {
  const { t } = useTranslation();
  // Back from "Add now" (withdraw-way-page.tsx): the kind it was, with the method just saved chosen.
  const query = useQuery();
  const [type, setType] = useState<1 | 2>(query.get('type') === '2' ? 2 : 1); // coin, bank
  const pickNewest = query.get('pick') === 'newest';
  const load = useCallback((page: number) => withdrawHistory(type, page), [type]);
  const list = usePages(load);
  const { funds, refresh } = useBalanceWithList(list);
  return (
    <KindScreen
      titleKey="page.withdraw"
      kinds={[1, 2]}
      kind={type}
      onKind={setType}
      onRefresh={refresh}
      historyKey="wallet.withdraw_history"
      list={list}
      keyOf={(w) => w.id}
      render={(w) => (
        <StatusRow
          status={w.status}
          title={`${formatMoney(w.number)} USD → ${w.real_number} ${w.draw_currency.code}`}
          lines={[
            <span key="at">
              <DateText value={w.created_at} /> ·{' '}
              <Num>{w.type === 1 ? shortAddress(w.address) : `****${w.payee_account.slice(-4)}`}</Num>
            </span>,
            t('wallet.fee_is', { fee: w.fee }),
          ]}
          note={w.notes}
          statusText={w.status_name}
        />
      )}
      testId="withdraw-history"
    >
      <BalanceSummary funds={funds} />
      <WithdrawForm key={type} type={type} available={funds?.balance} onSubmitted={refresh} pickNewest={pickNewest} />
    </KindScreen>
  );
}
