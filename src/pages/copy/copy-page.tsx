// /copy: the traders one can copy in the caller's world (demo or real), and "My copies" (?view=mine).
import { useMemo, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { CopyProvider } from '../../../domain/copy-types.ts';
import { dec } from '../../../domain/decimal.ts';
import { copyProviders } from '../../api/copy.ts';
import { useContentLanguage } from '../../components/content/content-lang.tsx';
import { useQuery } from '../../components/hooks/use-query.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { Segmented } from '../../components/forms/segmented.tsx';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { useLoaded } from '../../components/lists/loaded.tsx';
import { Spinner } from '../../components/lists/spinner.tsx';
import { Num } from '../../components/text/num.tsx';
import { Facts } from '../../components/text/facts.tsx';
import { $isDemo } from '../../state/account/session.ts';
import { MyCopies } from './my-copies.tsx';
import { EquityCurve, RiskBadge } from './copy-facts.tsx';
import './copy.css';

type View = 'traders' | 'mine';
type Sort = 'return' | 'drawdown' | 'copiers';

const VIEWS = (['traders', 'mine'] as const).map((value) => ({ value, labelKey: `copy.${value}` }));
const SORTS = (['return', 'drawdown', 'copiers'] as const).map((value) => ({ value, labelKey: `copy.sort_${value}` }));

/** Ties by most copiers. */
export function sortProviders(list: readonly CopyProvider[], by: Sort): CopyProvider[] {
  const key = (p: CopyProvider) =>
    by === 'return' ? dec(p.return_all).neg() : by === 'drawdown' ? dec(p.max_drawdown) : dec(-p.copiers);
  return [...list].sort((a, b) => key(a).comparedTo(key(b)) || b.copiers - a.copiers);
}

export function CopyPage(): ReactElement {
  const navigate = useNavigate();
  const view: View = useQuery().get('view') === 'mine' ? 'mine' : 'traders';
  return (
    <div className="page copy-page">
      <TitleBar titleKey="page.copy" />
      <div className="page-body">
        <Segmented
          options={VIEWS}
          value={view}
          onChange={(v) => void navigate(v === 'mine' ? '/copy?view=mine' : '/copy', { replace: true })}
          labelKey="copy.views"
          className="segmented copy-views"
          dataName="view"
        />
        {view === 'mine' ? <MyCopies /> : <ProviderList />}
      </div>
    </div>
  );
}

function ProviderList(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sort, setSort] = useState<Sort>('return');
  // The house's traders are described in the reader's language: a switch loads the list again.
  const { data, failed } = useLoaded(copyProviders, useContentLanguage(), true);
  const sorted = useMemo(() => (data && !failed ? sortProviders(data, sort) : []), [data, failed, sort]);
  return (
    <>
      <p className="copy-world muted" data-field="copy-world">
        {t($isDemo.value ? 'copy.demo_world' : 'copy.real_world')}
      </p>
      <Segmented
        options={SORTS}
        value={sort}
        onChange={setSort}
        labelKey="copy.sort"
        role="listbox"
        className="segmented copy-sort"
        dataName="sort"
      />
      {data === null && !failed ? <Spinner size={18} /> : null}
      {failed || data?.length === 0 ? (
        <EmptyState textKey="copy.no_providers" hintKey="copy.no_providers_hint" />
      ) : null}
      <ul className="copy-list" data-testid="copy-providers">
        {sorted.map((p) => (
          <li key={p.provider_id}>
            <button
              type="button"
              className="copy-row"
              data-provider={p.provider_id}
              onClick={() => void navigate(`/copy/provider?id=${p.provider_id}`)}
            >
              <span className="copy-row__who">
                <span className="copy-row__name">
                  <bdi>{p.name}</bdi>
                </span>
                {p.description ? (
                  // The provider's own words read in their own direction, cut at their end, not their start.
                  <span className="copy-row__desc muted" dir="auto">
                    {p.description}
                  </span>
                ) : null}
                <Facts
                  className="copy-row__meta muted"
                  facts={[
                    t('copy.copiers_n', { n: String(p.copiers) }),
                    t('copy.days_n', { n: String(p.days) }),
                    t('copy.fee_n', { n: String(p.fee_percent) }),
                  ]}
                />
              </span>
              <EquityCurve curve={p.curve} />
              <span className="copy-row__figures">
                <span className="copy-row__return" data-sign={p.return_all.startsWith('-') ? 'down' : 'up'}>
                  <Num>{p.return_all}%</Num>
                </span>
                <span className="copy-row__label muted">{t('copy.return_all')}</span>
                <span className="copy-row__dd muted">
                  {t('copy.drawdown')} <Num>{p.max_drawdown}%</Num>
                </span>
                <RiskBadge score={p.risk_score} />
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
