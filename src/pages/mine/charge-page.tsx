// /mine/charge (docs/contract.md §2); a submitted charge shows at the top at once, waiting for review.
import { useCallback, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { chargeHistory } from '../../api/wallet.ts';
import { formatMoney } from '../../i18n/format.ts';
import { DateText } from '../../components/text/date-text.tsx';
import { BankCharge, CoinCharge } from './charge-forms.tsx';
import { usePages } from '../../components/lists/pages.tsx';
import { KindScreen, StatusRow } from './kind-screen.tsx';
import { Num } from '../../components/text/num.tsx';

export function ChargePage(): ReactElement {
  const { t } = useTranslation();
  const [type, setType] = useState<0 | 1>(0); // coin, bank
  const load = useCallback((page: number) => chargeHistory(type, page), [type]);
  const list = usePages(load);
  return (
    <KindScreen
      titleKey="page.charge"
      kinds={[0, 1]}
      kind={type}
      onKind={setType}
      onRefresh={list.refresh}
      historyKey="wallet.charge_history"
      list={list}
      keyOf={(c) => c.id}
      render={(c) => (
        <StatusRow
          status={c.status}
          title={`${c.number} ${c.currency_code}`}
          lines={[<DateText key="at" value={c.created_at} />]}
          note={c.remark}
          statusText={t(`wallet.charge_status_${c.status}`)}
          outcome={
            c.credited ? (
              <span className="muted">
                <Num>{`+${formatMoney(c.credited)} USD`}</Num>
              </span>
            ) : null
          }
        />
      )}
      testId="charge-history"
    >
      {type === 0 ? <CoinCharge onSubmitted={list.refresh} /> : <BankCharge onSubmitted={list.refresh} />}
    </KindScreen>
  );
}
