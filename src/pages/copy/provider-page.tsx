// The provider comes from the list of the caller's world, so a trader of the other world is not found.
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { CopyProvider } from '../../../domain/copy-types.ts';
import { copyProviders } from '../../api/copy.ts';
import { useIdQuery } from '../../components/hooks/use-query.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { MissingQuery } from '../../components/lists/missing-query.tsx';
import { Spinner } from '../../components/lists/spinner.tsx';
import { DefRow } from '../../components/text/def-row.tsx';
import { Num } from '../../components/text/num.tsx';
import { formatMoney } from '../../i18n/format.ts';
import { FollowSheet } from './follow-sheet.tsx';
import { EquityCurve } from './equity-curve.tsx';
import { RiskBadge } from './risk-badge.tsx';
import './copy.css';

export function ProviderPage(): ReactElement {
  const { t } = useTranslation();
  const id = useIdQuery();
  const [provider, setProvider] = useState<CopyProvider | null | undefined>(undefined);
  const [sheet, setSheet] = useState(false);
  useEffect(() => {
    if (id !== null)
      copyProviders().then(
        (list) => setProvider(list.find((p) => p.provider_id === id) ?? null),
        () => setProvider(null),
      );
  }, [id]);

  const body = (): ReactElement => {
    if (id === null || provider === null) {
      return <MissingQuery textKey="copy.not_found" to="/copy" linkKey="copy.traders" />;
    }
    if (provider === undefined) return <Spinner size={18} />;
    const pct = (v: string) => <Num>{v}%</Num>;
    return (
      <>
        <section className="copy-card" data-testid="copy-provider">
          <h2 className="copy-card__name">
            <bdi>{provider.name}</bdi>
          </h2>
          {provider.description ? (
            <p className="copy-card__desc">
              <bdi>{provider.description}</bdi>
            </p>
          ) : null}
          <EquityCurve curve={provider.curve} className="copy-curve--large" />
          <dl className="copy-facts">
            <DefRow labelKey="copy.return_30d" field="return-30d">
              {pct(provider.return_30d)}
            </DefRow>
            <DefRow labelKey="copy.return_all" field="return-all">
              {pct(provider.return_all)}
            </DefRow>
            <DefRow labelKey="copy.drawdown" field="drawdown">
              {pct(provider.max_drawdown)}
            </DefRow>
            <DefRow labelKey="copy.risk" field="risk">
              <RiskBadge score={provider.risk_score} />
            </DefRow>
            <DefRow labelKey="copy.win_rate" field="win-rate">
              {pct(provider.win_rate)}
            </DefRow>
            <DefRow labelKey="copy.trades" field="trades">
              <Num>{provider.trades}</Num>
            </DefRow>
            <DefRow labelKey="copy.copiers" field="copiers">
              <Num>{provider.copiers}</Num>
            </DefRow>
            <DefRow labelKey="copy.track_record" field="days">
              {t('copy.days_n', { n: String(provider.days) })}
            </DefRow>
            <DefRow labelKey="copy.min_amount" field="min-amount">
              <Num>{formatMoney(provider.min_amount)}</Num>
            </DefRow>
          </dl>
          <p className="copy-card__fee" data-field="fee-rule">
            {t('copy.fee_rule', { fee: String(provider.fee_percent) })}
          </p>
          <p className="copy-card__note muted">{t('copy.stats_note')}</p>
        </section>
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="copy-open"
          onClick={() => setSheet(true)}
        >
          {t('copy.copy_button')}
        </button>
        <FollowSheet provider={provider} open={sheet} onClose={() => setSheet(false)} />
      </>
    );
  };

  return (
    <div className="page copy-page">
      <TitleBar titleKey="page.copy_provider" back="/copy" />
      <div className="page-body">{body()}</div>
    </div>
  );
}
