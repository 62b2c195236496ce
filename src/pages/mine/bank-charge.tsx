// Without any bank account there is no pay way (docs/contract.md §5) and nothing is sent.
import { useMemo, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { bankCoins, depositBanks, submitBankCharge } from '../../api/wallet.ts';
import { parseAmount, USD_AMOUNT } from '../../../domain/amount-input.ts';
import { CURRENCY, type DepositBank } from '../../../domain/wallet-types.ts';
import { Field } from '../../components/forms/field.tsx';
import { toast } from '../../state/shell/toasts.ts';
import { rangeParams, ruleMin } from './amount-check.ts';
import { chargeCredit } from '../../../domain/charge-credit.ts';
import { isUnsignedDecimalText } from '../../../domain/decimal-text.ts';
import { formatMoney } from '../../i18n/format.ts';
import { Num } from '../../components/text/num.tsx';
import { CHIPS } from './kind-screen.tsx';
import { Segmented } from '../../components/forms/segmented.tsx';
import { copyText } from '../../components/text/copy-text.ts';
import { ChargeFoot, useChargeForm } from './charge-form.tsx';
import { useFirstChoice } from './first-choice.ts';

const DETAILS = ['bank_name', 'payee_name', 'payee_account', 'bank_swift', 'bank_address', 'bank_remark'] as const;

export function BankCharge({ onSubmitted }: { onSubmitted: () => void }): ReactElement {
  const { t } = useTranslation();
  const coins = useFirstChoice(bankCoins);
  const chosen = coins.chosen;
  const coin = chosen?.id ?? null;
  const banks = useFirstChoice<DepositBank>(useMemo(() => (coin === null ? null : () => depositBanks(coin)), [coin]));
  const bankId = banks.chosen?.id ?? null;
  const form = useChargeForm(onSubmitted);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (bankId === null) {
      toast(t('errors.no_pay_way'));
      return;
    }
    await form.send(USD_AMOUNT, 'errors.recharge_amount_required', (number, proofImg) =>
      submitBankCharge({ number, proofImg, wire_id: bankId }),
    );
  };

  const currency = chosen?.name ?? '';
  // A wire in another currency shows what it will credit in USD before it is sent (the rate the server books).
  const typed = form.amount.trim();
  const usdValue =
    chosen &&
    chosen.name !== CURRENCY &&
    parseAmount(typed, USD_AMOUNT).ok &&
    isUnsignedDecimalText(chosen.usd_price) &&
    Number(chosen.usd_price) > 0
      ? chargeCredit(typed, chosen.usd_price)
      : null;
  return (
    <form className="mw-form" onSubmit={(e) => void submit(e)} noValidate data-testid="bank-charge">
      <Segmented
        {...CHIPS}
        labelKey="wallet.currency"
        testId="bank-coins"
        value={coin}
        onChange={coins.choose}
        options={coins.list.map((c) => ({ value: c.id, text: c.name }))}
      />
      <div className="mw-banks" role="radiogroup" aria-label={t('wallet.pay_to')}>
        {coin !== null && !banks.loading && banks.list.length === 0 ? (
          <p className="mw-error" data-testid="no-pay-way">
            {t('errors.no_pay_way')}
          </p>
        ) : null}
        {banks.list.map((b) => (
          <div
            key={b.id}
            className="mw-bank"
            role="radio"
            aria-checked={b.id === bankId}
            tabIndex={0}
            data-id={b.id}
            onClick={() => banks.choose(b.id)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') banks.choose(b.id);
            }}
          >
            <span className="mw-bank__radio" aria-hidden="true" />
            <dl>
              {DETAILS.filter((k) => b[k]).map((k) => (
                <div key={k} className="mw-bank__row">
                  <dt>{t(`wallet.${k}`)}</dt>
                  <dd>
                    <span>{b[k]}</span>
                    {k === 'payee_account' ? (
                      <button
                        type="button"
                        className="mw-inline-copy"
                        onClick={(e) => {
                          e.stopPropagation();
                          void copyText(b[k]);
                        }}
                      >
                        {t('wallet.copy')}
                      </button>
                    ) : null}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
      <Field
        labelKey="wallet.wire_amount"
        inputMode="decimal"
        value={form.amount}
        onChange={form.setAmount}
        name="number"
        end={<span className="mw-ccy">{currency}</span>}
        placeholderKey={chosen ? 'wallet.amount_range' : undefined}
        placeholderParams={
          chosen ? rangeParams(ruleMin(USD_AMOUNT), USD_AMOUNT.max, USD_AMOUNT.places, currency) : undefined
        }
      />
      {usdValue !== null ? (
        <p className="mw-available muted" data-testid="usd-value" aria-live="polite">
          <Num>{t('wallet.usd_value', { usd: formatMoney(usdValue) })}</Num>
        </p>
      ) : null}
      <ChargeFoot form={form} />
    </form>
  );
}
