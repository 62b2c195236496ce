// /mine/charge (docs/contract.md §2); a submitted charge shows at the top at once, waiting for review by an operator.
import { useCallback, useMemo, useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { bankCoins, depositBanks, submitBankCharge } from '../../api/wallet.ts';
import { chargeHistory, coinNetworks, submitCoinCharge } from '../../api/wallet.ts';
import { COIN_AMOUNT, parseAmount, USD_AMOUNT, type AmountRule } from '../../../domain/amount-input.ts';
import { CURRENCY, type DepositBank } from '../../../domain/wallet-types.ts';
import { useFormMessage } from '../../components/forms/use-form-message.ts';
import { useBusy } from '../../components/forms/use-form-submit.ts';
import { Field } from '../../components/forms/field.tsx';
import { Segmented } from '../../components/forms/segmented.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import { ICON_CLIPBOARD } from '../../components/icons/screen-icons.ts';
import { QrCode } from '../../components/text/qr-code.tsx';
import { Num } from '../../components/text/num.tsx';
import { copyText } from '../../components/text/copy-text.ts';
import { toast } from '../../state/shell/toasts.ts';
import { chargeCredit } from '../../../domain/charge-credit.ts';
import { isUnsignedDecimalText } from '../../../domain/decimal-text.ts';
import { formatMoney } from '../../i18n/format.ts';
import { amountProblem, rangeParams, ruleMin } from './amount-check.ts';
import { ProofPicker } from './proof-picker.tsx';
import { CHIPS, KindScreen, StatusRow } from './kind-screen.tsx';
import { DateText } from '../../components/text/date-text.tsx';
import { usePages } from '../../components/lists/pages.tsx';
import { useFirstChoice } from './first-choice.ts';

// What the two halves share.
function useChargeForm(onSubmitted: () => void) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState<string | null>(null);
  const { message: error, setMessage: setError, clearing } = useFormMessage();
  const { during } = useBusy();
  /** `emptyKey` when no amount is typed. */
  const send = async (
    rule: AmountRule,
    emptyKey: string,
    post: (number: string, proofImg: string) => Promise<{ msg: string }>,
  ): Promise<void> => {
    const problem = amountProblem(t, amount, rule, emptyKey) ?? (proof ? null : t('errors.proof_required'));
    setError(problem);
    if (problem || !proof) return;
    await during(async () => {
      toast((await post(amount.trim(), proof)).msg);
      setAmount('');
      setProof(null);
      onSubmitted();
    });
  };
  return { amount, setAmount: clearing(setAmount), proof, setProof: clearing(setProof), error, send };
}

function ChargeFoot({ form }: { form: ReturnType<typeof useChargeForm> }): ReactElement {
  const { t } = useTranslation();
  return (
    <>
      <ProofPicker labelKey="wallet.proof" value={form.proof} onChange={form.setProof} testId="proof" />
      {form.error ? (
        <p className="mw-error" role="alert">
          {form.error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" data-testid="charge-submit">
        {t('common.confirm')}
      </button>
    </>
  );
}

function CoinCharge({ onSubmitted }: { onSubmitted: () => void }): ReactElement {
  const { t } = useTranslation();
  const networks = useFirstChoice(coinNetworks);
  const form = useChargeForm(onSubmitted);
  const network = networks.chosen;

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!network) return;
    await form.send(COIN_AMOUNT, 'errors.coin_amount_required', (number, proofImg) =>
      submitCoinCharge({ number, proofImg, address: network.address, charge_id: network.id }),
    );
  };

  return (
    <form className="mw-form" onSubmit={(e) => void submit(e)} noValidate data-testid="coin-charge">
      <Segmented
        {...CHIPS}
        labelKey="wallet.network"
        testId="networks"
        value={network?.id ?? null}
        onChange={networks.choose}
        options={networks.list.map((n) => ({ value: n.id, text: `${n.currency_code}-${n.protocol_code}` }))}
      />
      {network ? (
        <div className="mw-address">
          <QrCode text={network.address} label={t('wallet.address_qr')} />
          <span className="muted">
            {t('wallet.send_to', { currency: network.currency_code, network: network.protocol_code })}
          </span>
          <code className="mw-address__text" data-testid="deposit-address">
            {network.address}
          </code>
          <button type="button" className="btn btn-secondary mw-copy" onClick={() => void copyText(network.address)}>
            <Icon icon={ICON_CLIPBOARD} size={16} />
            {t('wallet.copy_address')}
          </button>
        </div>
      ) : null}
      <Field
        labelKey="wallet.coin_amount"
        inputMode="decimal"
        value={form.amount}
        onChange={form.setAmount}
        name="number"
        placeholderKey={network ? 'wallet.amount_range' : undefined}
        placeholderParams={
          network
            ? rangeParams(ruleMin(COIN_AMOUNT), COIN_AMOUNT.max, COIN_AMOUNT.places, network.currency_code)
            : undefined
        }
      />
      <ChargeFoot form={form} />
    </form>
  );
}

// Without any bank account there is no pay way (docs/contract.md §5) and nothing is sent.
const DETAILS = ['bank_name', 'payee_name', 'payee_account', 'bank_swift', 'bank_address', 'bank_remark'] as const;

function BankCharge({ onSubmitted }: { onSubmitted: () => void }): ReactElement {
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

export function ChargePage(): ReactElement {
  const { t } = useTranslation();
  const [type, setType] = useState<0 | 1>(0); // coin, bank
  const load = useCallback((page: number) => chargeHistory(type, page), [type]);
  const list = usePages(load);
  return (
    <KindScreen
      titleKey="page.charge"
      kinds={[0, 1]}
      kind={type}
      onKind={setType}
      onRefresh={list.refresh}
      historyKey="wallet.charge_history"
      list={list}
      keyOf={(c) => c.id}
      render={(c) => (
        <StatusRow
          status={c.status}
          title={`${c.number} ${c.currency_code}`}
          lines={[<DateText key="at" value={c.created_at} />]}
          note={c.remark}
          statusText={t(`wallet.charge_status_${c.status}`)}
          outcome={
            c.credited ? (
              <span className="muted">
                <Num>{`+${formatMoney(c.credited)} USD`}</Num>
              </span>
            ) : null
          }
        />
      )}
      testId="charge-history"
    >
      {type === 0 ? <CoinCharge onSubmitted={list.refresh} /> : <BankCharge onSubmitted={list.refresh} />}
    </KindScreen>
  );
}
