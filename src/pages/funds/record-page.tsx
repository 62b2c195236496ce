// The user's subscriptions (docs/contract.md §2, §4); Redeem first shows the penalty (docs/contract.md §9).
import { useState, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { applyRefund, subList } from '../../api/funds.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { dec, exactText, fixed, type Dec } from '../../../domain/decimal.ts';
import { formatMoney } from '../../i18n/format.ts';
import { redemptionPenalty } from '../../../domain/fund-maths.ts';
import { SubscriptionStatus, type FundSubscription } from '../../../domain/fund-types.ts';
import { toast } from '../../state/shell/toasts.ts';
import { useBusy } from '../../components/forms/use-form-submit.ts';
import { ListEnd, usePages } from '../../components/lists/pages.tsx';
import './funds.css';
import { Fact } from './fund-head.tsx';
import { useContentLanguage } from '../../components/content/content-lang.tsx';
import { DateText } from '../../components/text/date-text.tsx';
import { FUND_INCOME_PATH, FUNDS_PATH } from '../../components/nav/fund-paths.ts';

/** At the fund's rate; the server books the rate copied at purchase (docs/contract.md §9). */
const penaltyOf = (s: FundSubscription): Dec => redemptionPenalty(s.share_amount, s.get_fund.liquidated_damages);

export function RecordPage(): ReactElement {
  const { t } = useTranslation();
  const list = usePages(subList, useContentLanguage());
  const [redeeming, setRedeeming] = useState<FundSubscription | null>(null);
  const { busy, during } = useBusy();

  const redeem = async (): Promise<void> => {
    if (!redeeming) return;
    await during(async () => {
      await applyRefund(redeeming.id);
      toast(t('mining.redeemed'));
      setRedeeming(null);
      await list.refresh();
    });
  };

  const currency = redeeming?.get_fund.currency_code ?? '';
  return (
    <div className="page">
      <TitleBar titleKey="page.mining_record" back={FUNDS_PATH} />
      <div className="page-body fund-list">
        {list.items.map((s) => (
          <div key={s.id} className="fund-card" data-testid="sub-row" data-status={s.status}>
            <Link to={`${FUND_INCOME_PATH}?id=${s.id}`} className="fund-card__link">
              <div className="fund-card__head">
                <span className="fund-card__title">
                  <bdi>{s.get_fund.title}</bdi>
                </span>
                <span className="fund-status" data-status={s.status}>
                  {t(`mining.status_${s.status}`)}
                </span>
              </div>
              <dl className="fund-facts">
                <Fact labelKey="mining.amount">
                  {formatMoney(s.share_amount)} {s.get_fund.currency_code}
                </Fact>
                <Fact labelKey="mining.daily_profit">{fixed(s.day_profit, 4)}</Fact>
                {s.status === SubscriptionStatus.REFUNDED ? (
                  <>
                    <Fact labelKey="mining.penalty" testId="sub-penalty">
                      {formatMoney(exactText(penaltyOf(s)))} {s.get_fund.currency_code}
                    </Fact>
                    <Fact labelKey="mining.returned" testId="sub-returned">
                      {formatMoney(exactText(dec(s.share_amount).minus(penaltyOf(s))))} {s.get_fund.currency_code}
                    </Fact>
                  </>
                ) : (
                  <Fact labelKey="mining.total_profit">
                    {fixed(dec(s.day_profit).times(s.get_fund.lock_dividend_days), 4)}
                  </Fact>
                )}
                <Fact labelKey="mining.paid_profit" testId="sub-paid">
                  {fixed(s.sum_profit, 4)}
                </Fact>
                <dt>{t('mining.sub_time')}</dt>
                <dd>
                  <DateText value={s.sub_time} />
                </dd>
              </dl>
            </Link>
            {s.status === SubscriptionStatus.DOING ? (
              <button
                type="button"
                className="btn btn-secondary btn-block"
                onClick={() => setRedeeming(s)}
                data-testid="sub-redeem"
              >
                {t('mining.redeem')}
              </button>
            ) : null}
          </div>
        ))}
        {list.finished && list.items.length === 0 ? <EmptyState textKey="common.no_data" /> : null}
        <ListEnd list={list} className="fund-end muted" />
      </div>
      <BottomSheet open={redeeming !== null} onClose={() => setRedeeming(null)} titleKey="mining.redeem_title">
        <div className="fund-sheet">
          {redeeming ? (
            <>
              <p className="fund-desc" data-testid="redeem-text">
                {t('mining.redeem_confirm', {
                  penalty: formatMoney(exactText(penaltyOf(redeeming))),
                  refund: formatMoney(exactText(dec(redeeming.share_amount).minus(penaltyOf(redeeming)))),
                  currency,
                })}
              </p>
              <button
                type="button"
                className="btn btn-primary btn-block"
                disabled={busy}
                onClick={() => void redeem()}
                data-testid="redeem-confirm"
              >
                {t('common.confirm')}
              </button>
            </>
          ) : null}
        </div>
      </BottomSheet>
    </div>
  );
}
