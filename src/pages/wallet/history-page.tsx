// /mine/history (SPEC §2): USD available and frozen, then the financial records as an infinite list (amount,
// history text, time); type 10 shows its memo. Pull to refresh reloads both. Empty: "no data".
import { useCallback, type ReactElement } from 'react';
import { financialRecords, type FinancialRecord } from '../../api/wallet.ts';
import { TitleBar } from '../../components/title-bar.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { PullRefresh } from '../order/pull-refresh.tsx';
import { FundsSummary } from './funds-summary.tsx';
import { ListEnd } from './list-end.tsx';
import { recordText, valueSign } from './record-text.ts';
import { useFunds } from './use-funds.ts';
import { usePaged } from './use-paged.ts';
import './wallet.css';

const loadRecords = (page: number, signal: AbortSignal) =>
  financialRecords(page, signal).then((r) => ({ items: r.list, total: r.total }));

function RecordRow({ r }: { r: FinancialRecord }): ReactElement {
  const sign = valueSign(r.Value);
  const amount = formatMoney(r.Value, 2);
  return (
    <li className="wl-record" data-type={r.Type} data-id={r.Id}>
      <div className="wl-record__main">
        <span className="wl-record__text">{recordText(r)}</span>
        <span className="wl-record__time num">{r.CreatedAtTran}</span>
      </div>
      <span className="wl-record__value num" data-sign={sign}>
        {sign === 'up' ? `+${amount}` : amount}
      </span>
    </li>
  );
}

export function HistoryPage(): ReactElement {
  const { funds, refresh: refreshFunds } = useFunds();
  const list = usePaged(loadRecords, 'records');
  const { reload } = list;
  const refresh = useCallback(() => {
    refreshFunds();
    reload();
  }, [refreshFunds, reload]);
  return (
    <PullRefresh className="page wl-page" onRefresh={refresh} header={() => <TitleBar titleKey="page.history" back="/user" />}>
      <div className="page-body wl-body">
        <FundsSummary funds={funds} />
        {list.loaded && list.items.length === 0 ? (
          <EmptyState textKey="common.no_data" />
        ) : (
          <ul className="wl-records" data-testid="records">
            {list.items.map((r) => (
              <RecordRow key={r.Id} r={r} />
            ))}
          </ul>
        )}
        <ListEnd list={list} />
      </div>
    </PullRefresh>
  );
}
