// /mine/history: the USD account and every financial record (docs/contract.md §2).
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { financialRecords } from '../../api/wallet.ts';
import type { FinancialRecord } from '../../../domain/wallet-types.ts';
import { formatMoney } from '../../i18n/format.ts';
import { DateText } from '../../components/text/date-text.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { PullRefresh } from '../../components/lists/pull-refresh.tsx';
import { BalanceSummary, useBalanceWithList } from './balance-summary.tsx';
import { PagedList } from './paged-list.tsx';
import { usePages } from '../../components/lists/pages.tsx';
import './money.css';
import { Num } from '../../components/text/num.tsx';
import { StatementExport } from '../../components/overlays/statement-export.tsx';

/** docs/contract.md §2: type 10 shows its memo as is; every other type its translated description. */
export const recordText = (r: FinancialRecord): string => (r.Type === 10 ? r.Memo : r.MemoTran);

function RecordRow({ r }: { r: FinancialRecord }): ReactElement {
  const sign = r.Value.startsWith('-') ? 'down' : Number(r.Value) === 0 ? 'flat' : 'up';
  return (
    <div className="mw-row" data-type={r.Type}>
      <div className="mw-row__main">
        <span className="mw-row__title">{recordText(r)}</span>
        <span className="mw-row__sub">
          <DateText value={r.CreatedAtTran} />
        </span>
      </div>
      <span className="mw-row__amount" data-dir={sign}>
        <Num>{`${sign === 'up' ? '+' : ''}${formatMoney(r.Value)}`}</Num>
      </span>
    </div>
  );
}

export function HistoryPage(): ReactElement {
  const { t } = useTranslation();
  const list = usePages(financialRecords);
  const { funds, refresh } = useBalanceWithList(list);
  return (
    <div className="page">
      <TitleBar titleKey="page.history" back="/user" />
      <PullRefresh className="page-body mw-page" onRefresh={refresh} header={() => <BalanceSummary funds={funds} />}>
        <div className="st-heading-row">
          <h2 className="mw-heading">{t('wallet.records')}</h2>
          <StatementExport kind="records" />
        </div>
        <PagedList state={list} keyOf={(r) => r.Id} render={(r) => <RecordRow r={r} />} testId="records" />
      </PullRefresh>
    </div>
  );
}
