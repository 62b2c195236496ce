// /rank: the ranking (docs/content.md "Ranking"), or with ?tab=copy the list of traders to follow.
import { Fragment, useCallback, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { followList } from '../../api/content.ts';
import { useQuery } from '../../components/hooks/use-query.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { ListEnd, usePages } from '../../components/lists/pages.tsx';
import './rank.css';
import { Num } from '../../components/text/num.tsx';
import { Facts } from '../../components/text/facts.tsx';

export function RankPage(): ReactElement {
  const copy = useQuery().get('tab') === 'copy';
  // A fresh list per tab, so a late reply for one is never shown under the other's heading.
  return <TraderList key={copy ? 'copy' : 'rank'} copy={copy} />;
}

function TraderList({ copy }: { copy: boolean }): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = usePages(useCallback((page: number) => followList(page, copy ? 'followers' : 'rate'), [copy]));

  return (
    <div className="page rank-page">
      <TitleBar titleKey={copy ? 'page.copy' : 'page.rank'} />
      <div className="page-body">
        <p className="rank-by muted" data-field="rank-by">
          {t(copy ? 'content.copy_by' : 'content.rank_by')}
        </p>
        <ol className="rank-list" data-testid="rank-list" data-list={copy ? 'copy' : 'rank'}>
          {list.items.map((tr) => (
            <li key={`${tr.rank}-${tr.user}`}>
              <button
                type="button"
                className="rank-row"
                data-rank={tr.rank}
                onClick={copy ? () => void navigate('/copy') : undefined}
                disabled={!copy}
              >
                {copy ? null : (
                  <span className="rank-row__no" data-top={tr.rank <= 3 ? 'true' : undefined}>
                    <Num>{tr.rank}</Num>
                  </span>
                )}
                <span className="rank-row__who">
                  {/* A name keeps its own direction (bdi): 'Marina V.' must not read '.Marina V' in Arabic. */}
                  <span className="rank-row__name">
                    <bdi>{tr.user}</bdi>
                    {tr.is_sample === 1 ? (
                      <span className="rank-row__sample" data-field="sample" title={t('content.sample_hint')}>
                        {t('content.sample')}
                      </span>
                    ) : null}
                  </span>
                  <Facts
                    className="rank-row__meta"
                    facts={[
                      <Fragment key="instrument">
                        {t('content.variety')} <Num>{tr.code}</Num>
                      </Fragment>,
                      <Num key="leverage">×{tr.leverage}</Num>,
                    ]}
                  />
                  <Facts
                    className="rank-row__meta"
                    facts={[
                      t('content.followers', { n: tr.followers }),
                      t('content.orders', { n: tr.total_trade_num }),
                    ]}
                  />
                </span>
                <span className="rank-row__figures">
                  {copy ? (
                    <span className="rank-row__rate" data-field="followers">
                      <Num>{tr.followers}</Num>
                    </span>
                  ) : (
                    <span className="rank-row__rate" data-sign={tr.three_week_rate.startsWith('-') ? 'down' : 'up'}>
                      <Num>{tr.three_week_rate}%</Num>
                    </span>
                  )}
                  <span className="rank-row__label">
                    {t(copy ? 'content.followers_label' : 'content.three_week_rate')}
                  </span>
                  <span className="rank-row__win">
                    {t('content.three_week_win')} <Num>{tr.three_week_win}%</Num>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ol>
        <ListEnd list={list} className="rank-end" role="status" />
        {list.finished && list.items.length === 0 ? <EmptyState textKey="common.no_data" /> : null}
      </div>
    </div>
  );
}
