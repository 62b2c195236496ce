// /mining/subscribe?id=: the fund's detail, the amount, and a confirm sheet with the daily and total profit at 4
// decimals (SPEC §9) computed by the same functions the server books with. An empty amount gives 'input lock number'
// and opens no sheet (SPEC §5).
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSignals } from '@preact/signals-react/runtime';
import { balance } from '../../api/account.ts';
import { fundBuy, fundInfo } from '../../api/funds.ts';
import { useQuery } from '../../app/use-query.ts';
import { BottomSheet } from '../../components/bottom-sheet.tsx';
import { TitleBar } from '../../components/title-bar.tsx';
import { fixed, isDecimalText } from '../../domain/decimal.ts';
import { dayProfit, totalProfit } from '../../domain/fund-maths.ts';
import type { MiningFund } from '../../domain/fund-types.ts';
import { $user } from '../../state/session.ts';
import { toast } from '../../state/toasts.ts';
import { CURRENCY } from '../user/balance-card.tsx';
import './mining.css';
import { Num } from '../../components/num.tsx';

export function SubscribePage(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useQuery().get('id'));
  const [fund, setFund] = useState<MiningFund | null>(null);
  const [available, setAvailable] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [sheet, setSheet] = useState(false);
  const [busy, setBusy] = useState(false);
  const loggedIn = $user.value !== null;

  useEffect(() => {
    if (Number.isInteger(id) && id > 0) fundInfo(id).then(setFund, () => undefined);
  }, [id]);
  useEffect(() => {
    if (loggedIn) balance({ toast: false }).then((b) => setAvailable(b.balance), () => undefined);
  }, [loggedIn]);

  const open = (e: FormEvent): void => {
    e.preventDefault();
    const text = amount.trim();
    if (text === '') {
      toast(t('mining.input_lock_number'));
      return;
    }
    if (!isDecimalText(text)) {
      toast(t('errors.amount_invalid'));
      return;
    }
    setSheet(true);
  };

  const confirm = async (): Promise<void> => {
    if (!fund) return;
    setBusy(true);
    try {
      await fundBuy(fund.id, amount.trim());
      toast(t('mining.subscribed'));
      setSheet(false);
      void navigate('/mining/record');
    } catch {
      // the API client shows the server's message
    } finally {
      setBusy(false);
    }
  };

  const valid = fund !== null && isDecimalText(amount.trim());
  const day = valid ? fixed(dayProfit(amount.trim(), fund.dividend_percentage), 4) : '--';
  const total = valid ? fixed(totalProfit(amount.trim(), fund.dividend_percentage, fund.lock_dividend_days), 4) : '--';

  return (
    <div className="page">
      <TitleBar titleKey="page.mining_subscribe" back="/mining" />
      <div className="page-body mining-detail">
        {fund ? (
          <>
            <div className="mining-card mining-card--static">
              <div className="mining-card__head">
                <img src={fund.image} alt="" width={40} height={40} />
                <span className="mining-card__title">
                  <bdi>{fund.title}</bdi>
                </span>
                <span className="mining-chip">{fund.currency_code}</span>
              </div>
              <dl className="mining-facts">
                <dt>{t('mining.daily_rate')}</dt>
                <dd><Num>{fund.dividend_percentage}%</Num></dd>
                <dt>{t('mining.lock_days')}</dt>
                <dd>{t('mining.days', { n: fund.lock_dividend_days })}</dd>
                <dt>{t('mining.min_amount')}</dt>
                <dd><Num>{fund.staring_sub_amount}</Num></dd>
                <dt>{t('mining.max_amount')}</dt>
                <dd><Num>{fund.max_sub_amount}</Num></dd>
                <dt>{t('mining.penalty_rate')}</dt>
                <dd><Num>{fund.liquidated_damages}%</Num></dd>
              </dl>
              <h2 className="mining-sub">{t('mining.desc')}</h2>
              <p className="mining-desc" dir="auto">{fund.desc}</p>
            </div>
            <form className="mining-form" onSubmit={open} noValidate>
              <label className="mining-label" htmlFor="mining-amount">
                {t('mining.amount')} ({fund.currency_code})
              </label>
              <input
                id="mining-amount"
                className="mining-input num"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                placeholder={t('mining.amount_placeholder', { min: fund.staring_sub_amount, max: fund.max_sub_amount })}
                onChange={(e) => setAmount(e.target.value)}
                data-testid="mining-amount"
              />
              {available !== null ? (
                <p className="muted mining-balance">
                  {t('mining.balance')}: <span className="num" data-testid="mining-balance">{available}</span> {CURRENCY}
                </p>
              ) : null}
              <button type="submit" className="btn btn-primary btn-block" data-testid="mining-subscribe">
                {t('mining.subscribe')}
              </button>
            </form>
          </>
        ) : null}
      </div>
      <BottomSheet open={sheet} onClose={() => setSheet(false)} titleKey="mining.confirm_title">
        <div className="mining-sheet">
        <dl className="mining-facts mining-facts--sheet">
          <dt>{t('mining.amount')}</dt>
          <dd><Num>{amount.trim()} {fund?.currency_code}</Num></dd>
          <dt>{t('mining.daily_profit')}</dt>
          <dd data-testid="mining-day-profit"><Num>{day}</Num></dd>
          <dt>{t('mining.total_profit')}</dt>
          <dd data-testid="mining-total-profit"><Num>{total}</Num></dd>
        </dl>
        <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => void confirm()} data-testid="mining-confirm">
          {t('common.confirm')}
        </button>
        </div>
      </BottomSheet>
    </div>
  );
}
