// Profits at 4 decimals by the functions the server books with (docs/contract.md §9); the sheet needs a valid amount.
import { useMemo, useState, type FormEvent, type ReactElement } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { balance } from '../../api/account.ts';
import { fundBuy, fundInfo } from '../../api/funds.ts';
import { useIdQuery } from '../../components/hooks/use-query.ts';
import { MissingQuery } from '../../components/lists/missing-query.tsx';
import { useLoaded } from '../../components/lists/loaded.tsx';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { NumberInput } from '../../components/forms/number-input.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { dec, exactText, fixed } from '../../../domain/decimal.ts';
import { checkFundAmount, dayProfit, totalProfit } from '../../../domain/fund-maths.ts';
import { formatMoney } from '../../i18n/format.ts';
import { loginPath } from '../../state/shell/navigator.ts';
import { $isDemo, $user } from '../../state/account/session.ts';
import { toast } from '../../state/shell/toasts.ts';
import { useBusy } from '../../components/forms/use-form-submit.ts';
import { useFormMessage } from '../../components/forms/use-form-message.ts';
import { CURRENCY } from '../../../domain/wallet-types.ts';
import { Fact, FundHead } from './fund-head.tsx';
import './funds.css';
import { useContentLanguage } from '../../components/content/content-lang.tsx';
import { FUND_RECORDS_PATH, FUNDS_PATH } from '../../components/nav/fund-paths.ts';

const quietBalance = () => balance({ toast: false });

export function SubscribePage(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useIdQuery();
  const [amount, setAmount] = useState('');
  const [sheet, setSheet] = useState(false);
  const { busy, during } = useBusy();
  const { message: error, setMessage: setError, clearing } = useFormMessage(); // about the old amount once edited
  const loggedIn = $user.value !== null;
  const available = useLoaded(loggedIn ? quietBalance : null).data?.balance ?? null;

  const lang = useContentLanguage(); // the fund's name and description come in it: a switch loads them again
  const loadFund = useMemo(() => (id === null ? null : () => fundInfo(id)), [id]);
  const fund = useLoaded(loadFund, lang, true).data;

  // The sheet only opens for an amount that passed checkFundAmount, so these are never negative.
  const checked = fund ? checkFundAmount(amount, fund) : null;
  const day = fund && checked?.ok ? fixed(dayProfit(checked.value, fund.dividend_percentage), 4) : '--';
  const total =
    fund && checked?.ok
      ? fixed(totalProfit(checked.value, fund.dividend_percentage, fund.lock_dividend_days), 4)
      : '--';

  const problem = (): string | null => {
    if (!checked) return null;
    if (!checked.ok) {
      return checked.error === 'lock_amount_required'
        ? t('mining.input_lock_number')
        : t(`errors.${checked.error}`, checked.params);
    }
    if (available !== null && checked.value.gt(dec(available))) return t('errors.insufficient_balance');
    return null;
  };

  const open = (e: FormEvent): void => {
    e.preventDefault();
    if (!fund) return;
    if (!loggedIn) {
      void navigate(loginPath(`${location.pathname}${location.search}`)); // docs/contract.md §5: log in first
      return;
    }
    if ($isDemo.peek()) {
      toast(t('errors.real_account_required'));
      return;
    }
    const message = problem();
    setError(message);
    if (!message) setSheet(true);
  };

  const confirm = async (): Promise<void> => {
    if (!fund || !checked?.ok) return;
    await during(async () => {
      await fundBuy(fund.id, exactText(checked.value));
      toast(t('mining.subscribed'));
      setSheet(false);
      void navigate(FUND_RECORDS_PATH);
    });
  };

  return (
    <div className="page">
      <TitleBar titleKey="page.mining_subscribe" back={FUNDS_PATH} />
      <div className={id === null ? 'page-body' : 'page-body fund-detail'}>
        {id === null ? <MissingQuery textKey="mining.fund_pick" to={FUNDS_PATH} linkKey="mining.title" /> : null}
        {fund ? (
          <>
            <div className="fund-card fund-card--static">
              <FundHead fund={fund} logoSize={40} />
              <dl className="fund-facts">
                <Fact labelKey="mining.daily_rate">{fund.dividend_percentage}%</Fact>
                <dt>{t('mining.lock_days')}</dt>
                <dd>{t('mining.days', { n: fund.lock_dividend_days })}</dd>
                <Fact labelKey="mining.min_amount">{formatMoney(fund.staring_sub_amount)}</Fact>
                <Fact labelKey="mining.max_amount">{formatMoney(fund.max_sub_amount)}</Fact>
                <Fact labelKey="mining.penalty_rate">{fund.liquidated_damages}%</Fact>
              </dl>
              <h2 className="fund-sub">{t('mining.desc')}</h2>
              <p className="fund-desc" dir="auto">
                {fund.desc}
              </p>
            </div>
            <form className="fund-form" onSubmit={open} noValidate>
              <label className="fund-label" htmlFor="fund-amount">
                {t('mining.amount')} ({fund.currency_code})
              </label>
              <NumberInput
                id="fund-amount"
                className="fund-input num"
                value={amount}
                placeholder={t('mining.amount_placeholder', { min: fund.staring_sub_amount, max: fund.max_sub_amount })}
                onChange={clearing(setAmount)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'fund-amount-error' : undefined}
                data-testid="fund-amount"
              />
              {error ? (
                <p id="fund-amount-error" className="fund-error" role="alert" data-testid="fund-error">
                  {error}
                </p>
              ) : null}
              {available !== null ? (
                <p className="muted fund-balance">
                  {t('mining.balance')}:{' '}
                  {/* A fund in another currency than the wallet's says the 1:1 booking (docs/funds.md). */}
                  <span className="num" data-testid="fund-balance">
                    {fund.currency_code === CURRENCY ? (
                      `${formatMoney(available)} ${CURRENCY}`
                    ) : (
                      <bdi>
                        {t('mining.balance_converted', {
                          usd: formatMoney(available),
                          amount: formatMoney(available),
                          currency: fund.currency_code,
                        })}
                      </bdi>
                    )}
                  </span>
                </p>
              ) : null}
              <button type="submit" className="btn btn-primary btn-block" data-testid="fund-subscribe">
                {t('mining.subscribe')}
              </button>
            </form>
          </>
        ) : null}
      </div>
      <BottomSheet open={sheet} onClose={() => setSheet(false)} titleKey="mining.confirm_title">
        <div className="fund-sheet">
          <dl className="fund-facts fund-facts--sheet">
            <Fact labelKey="mining.amount">
              {checked?.ok ? formatMoney(exactText(checked.value)) : '--'} {fund?.currency_code}
            </Fact>
            {/* With the fund's currency: "0.7000" alone says nothing of what it is in. */}
            <Fact labelKey="mining.daily_profit" testId="fund-day-profit">
              {`${day} ${fund?.currency_code ?? ''}`.trim()}
            </Fact>
            <Fact labelKey="mining.total_profit" testId="fund-total-profit">
              {`${total} ${fund?.currency_code ?? ''}`.trim()}
            </Fact>
          </dl>
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy}
            onClick={() => void confirm()}
            data-testid="fund-confirm"
          >
            {t('common.confirm')}
          </button>
        </div>
      </BottomSheet>
    </div>
  );
}
