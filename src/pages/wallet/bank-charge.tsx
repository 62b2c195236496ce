// The bank side of /mine/charge: pick the currency of the wire (symbols), then one of its bank accounts (wire_info),
// enter the amount and one proof image, submit. Without a chosen account the no-pay-way message shows (SPEC §5).
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { bankCoins, depositBanks, submitBankCharge } from '../../api/wallet.ts';
import { USD_AMOUNT } from '../../domain/amount-input.ts';
import type { BankCoin, DepositBank } from '../../domain/wallet-types.ts';
import { Field } from '../../components/field.tsx';
import { toast } from '../../state/toasts.ts';
import { chargeProblem } from './charge-amount.ts';
import { ProofPicker } from './proof-picker.tsx';

const BANK_FIELDS = ['bank_name', 'bank_address', 'bank_swift', 'payee_name', 'payee_account', 'bank_remark'] as const;

function BankDetails({ bank }: { bank: DepositBank }): ReactElement {
  const { t } = useTranslation();
  return (
    <dl className="wl-bank__details">
      {BANK_FIELDS.filter((f) => bank[f] !== '').map((f) => (
        <div key={f} className="wl-bank__line">
          <dt>{t(`wallet.${f}`)}</dt>
          <dd>{bank[f]}</dd>
        </div>
      ))}
    </dl>
  );
}

export function BankCharge({ onSubmitted, refreshKey }: { onSubmitted: () => void; refreshKey: number }): ReactElement {
  const { t } = useTranslation();
  const [coins, setCoins] = useState<BankCoin[]>([]);
  const [coin, setCoin] = useState<number | null>(null);
  const [banks, setBanks] = useState<DepositBank[]>([]);
  const [bankId, setBankId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    bankCoins(abort.signal).then(
      (list) => {
        setCoins(list);
        setCoin((c) => (c !== null && list.some((x) => x.id === c) ? c : (list[0]?.id ?? null)));
      },
      () => undefined,
    );
    return () => abort.abort();
  }, [refreshKey]);

  useEffect(() => {
    setBanks([]);
    setBankId(null);
    if (coin === null) return undefined;
    const abort = new AbortController();
    depositBanks(coin, abort.signal).then(setBanks, () => undefined);
    return () => abort.abort();
  }, [coin, refreshKey]);

  const currency = coins.find((c) => c.id === coin)?.name ?? '';

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (busy) return;
    if (bankId === null) {
      toast(t('errors.no_pay_way')); // SPEC §5: no account chosen → the message, nothing sent
      return;
    }
    const problem = chargeProblem(amount, USD_AMOUNT, 'recharge_amount_required', proof);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const env = await submitBankCharge({ number: amount.trim(), proofImg: proof, wire_id: bankId });
      toast(env.msg);
      setAmount('');
      setResetKey((k) => k + 1);
      onSubmitted();
    } catch {
      // the API client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="wl-form" onSubmit={(e) => void submit(e)} noValidate data-testid="bank-charge">
      <div className="wl-picker" role="radiogroup" aria-label={t('wallet.bank_coin')}>
        <span className="field__label">{t('wallet.bank_coin')}</span>
        <div className="wl-chips">
          {coins.map((c) => (
            <button key={c.id} type="button" role="radio" aria-checked={c.id === coin} className="wl-chip" data-coin={c.name} onClick={() => setCoin(c.id)}>
              {c.name}
            </button>
          ))}
        </div>
      </div>
      <div className="wl-banks" role="radiogroup" aria-label={t('wallet.bank_account')}>
        <span className="field__label">{t('wallet.bank_account')}</span>
        {banks.length === 0 ? <p className="wl-note">{t('errors.no_pay_way')}</p> : null}
        {banks.map((b) => (
          <button
            key={b.id}
            type="button"
            role="radio"
            aria-checked={b.id === bankId}
            className="wl-bank"
            data-bank={b.id}
            onClick={() => setBankId(b.id)}
          >
            <span className="wl-bank__name">{b.bank_name}</span>
            {b.id === bankId ? <BankDetails bank={b} /> : <span className="wl-bank__account num">{b.payee_account}</span>}
          </button>
        ))}
      </div>
      <Field
        labelKey="wallet.recharge_amount"
        placeholderKey="errors.recharge_amount_required"
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setError(null);
        }}
        inputMode="decimal"
        name="number"
        end={currency ? <span className="wl-unit">{currency}</span> : null}
      />
      <ProofPicker onChange={setProof} resetKey={resetKey} />
      {error ? (
        <p className="field__error" role="alert">
          {t(error, { places: USD_AMOUNT.places, max: USD_AMOUNT.max })}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-action="submit-charge">
        {t('wallet.submit_charge')}
      </button>
    </form>
  );
}
