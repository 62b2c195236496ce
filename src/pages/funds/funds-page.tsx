// The fund list (docs/contract.md §2), paged by last_page.
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { fundList } from '../../api/funds.ts';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { PullRefresh } from '../../components/lists/pull-refresh.tsx';
import { ListEnd, usePages } from '../../components/lists/pages.tsx';
import '../../components/icons/icon-button.css';
import { FundHead } from './fund-head.tsx';
import './funds.css';
import { useContentLanguage } from '../../components/content/content-lang.tsx';
import { Num } from '../../components/text/num.tsx';
import { ICON_ORDERS } from '../../components/icons/first-icons.ts';
import { FUND_RECORDS_PATH, FUND_SUBSCRIBE_PATH } from '../../components/nav/fund-paths.ts';

export function FundsPage(): ReactElement {
  const { t } = useTranslation();
  const list = usePages(fundList, useContentLanguage());
  const records = (
    <Link to={FUND_RECORDS_PATH} className="icon-button" aria-label={t('mining.records')} data-testid="fund-records">
      <Icon icon={ICON_ORDERS} />
    </Link>
  );
  return (
    <div className="page">
      <PullRefresh
        onRefresh={() => void list.refresh()}
        header={() => <TitleBar titleKey="mining.title" right={records} />}
      >
        <div className="page-body fund-list">
          {list.items.map((f) => (
            <Link key={f.id} to={`${FUND_SUBSCRIBE_PATH}?id=${f.id}`} className="fund-card" data-testid="fund-card">
              <FundHead fund={f} logoSize={36} />
              <div className="fund-card__grid">
                {(
                  [
                    ['mining.daily_rate', <Num key="rate">{f.dividend_percentage}%</Num>, 'fund-rate'],
                    ['mining.lock_days', t('mining.days', { n: f.lock_dividend_days })],
                    ['mining.min_amount', <Num key="min">{f.staring_sub_amount}</Num>],
                  ] as const
                ).map(([labelKey, value, className]) => (
                  <div key={labelKey}>
                    <span className={className}>{value}</span>
                    <span className="muted">{t(labelKey)}</span>
                  </div>
                ))}
              </div>
            </Link>
          ))}
          {list.finished && list.items.length === 0 ? <EmptyState textKey="common.no_data" /> : null}
          <ListEnd list={list} className="fund-end muted" />
        </div>
      </PullRefresh>
    </div>
  );
}
