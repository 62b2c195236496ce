// A subscription's income (?id=): each fund day's interest, newest first, paged by last_page.
import { useCallback, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { insList } from '../../api/funds.ts';
import { useIdQuery } from '../../components/hooks/use-query.ts';
import { MissingQuery } from '../../components/lists/missing-query.tsx';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { fixed } from '../../../domain/decimal.ts';
import { ListEnd, usePages } from '../../components/lists/pages.tsx';
import './funds.css';
import { Num } from '../../components/text/num.tsx';
import { DateText } from '../../components/text/date-text.tsx';
import { FUND_RECORDS_PATH } from '../../components/nav/fund-paths.ts';

export function IncomePage(): ReactElement {
  const id = useIdQuery();
  return (
    <div className="page">
      <TitleBar titleKey="page.mining_income" back={FUND_RECORDS_PATH} />
      {id === null ? (
        <div className="page-body">
          <MissingQuery textKey="mining.income_pick" to={FUND_RECORDS_PATH} linkKey="mining.records" />
        </div>
      ) : (
        <IncomeList id={id} />
      )}
    </div>
  );
}

function IncomeList({ id }: { id: number }): ReactElement {
  const { t } = useTranslation();
  const list = usePages(useCallback((page: number) => insList(id, page), [id]));
  return (
    <div className="page-body">
      <div className="fund-income-head muted">
        <span>{t('mining.interest')}</span>
        <span>{t('mining.time')}</span>
      </div>
      {list.items.map((i) => (
        <div key={i.id} className="fund-income-row" data-testid="income-row">
          <span className="fund-rate">
            <Num>+{fixed(i.interest, 4)}</Num>
          </span>
          <span className="muted">
            <DateText value={i.created_at} />
          </span>
        </div>
      ))}
      {list.finished && list.items.length === 0 ? <EmptyState textKey="common.no_data" /> : null}
      <ListEnd list={list} className="fund-end muted" />
    </div>
  );
}
