// The coin half of /mine/charge: pick a network, send to its address (QR at 160 px, copy), say how much was sent,
// attach one proof image, submit. The charge then waits for an operator.
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { coinNetworks, submitCoinCharge } from '../../api/wallet.ts';
import { COIN_AMOUNT } from '../../domain/amount-input.ts';
import type { CoinNetwork } from '../../domain/wallet-types.ts';
import { Field } from '../../components/forms/field.tsx';
import { useFormMessage } from '../../components/forms/use-form-message.ts';
import { Icon } from '../../components/icons/icons.tsx';
import { QrCode } from '../../components/text/qr-code.tsx';
import { toast } from '../../state/toasts.ts';
import { amountProblem, rangeParams, ruleMin } from './amount-check.ts';
import { ChoiceChips } from './choice-chips.tsx';
import { copyText } from '../../components/text/copy-text.ts';
import { ProofPicker } from './proof-picker.tsx';

export function CoinCharge({ onSubmitted }: { onSubmitted: () => void }): ReactElement {
  const { t } = useTranslation();
  const [networks, setNetworks] = useState<CoinNetwork[]>([]);
  const [picked, setPicked] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState<string | null>(null);
  const { message: error, setMessage: setError, clearing } = useFormMessage();

  useEffect(() => {
    coinNetworks().then((list) => {
      setNetworks(list);
      setPicked((p) => p ?? list[0]?.id ?? null);
    }, () => undefined);
  }, []);
  const network = networks.find((n) => n.id === picked);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!network) return;
    const problem = amountProblem(t, amount, COIN_AMOUNT, 'errors.coin_amount_required') ?? (proof ? null : t('errors.proof_required'));
    setError(problem);
    if (problem || !proof) return;
    try {
      const env = await submitCoinCharge({ number: amount.trim(), proofImg: proof, address: network.address, charge_id: network.id });
      toast(env.msg);
      setAmount('');
      setProof(null);
      onSubmitted();
    } catch {
      // the client showed the server's message
    }
  };

  return (
    <form className="mw-form" onSubmit={(e) => void submit(e)} noValidate data-testid="coin-charge">
      <ChoiceChips
        label={t('wallet.network')}
        testId="networks"
        value={picked}
        onChange={setPicked}
        choices={networks.map((n) => ({ id: n.id, label: `${n.currency_code}-${n.protocol_code}` }))}
      />
      {network ? (
        <div className="mw-address">
          <QrCode text={network.address} label={t('wallet.address_qr')} />
          <span className="muted">{t('wallet.send_to', { currency: network.currency_code, network: network.protocol_code })}</span>
          <code className="mw-address__text" data-testid="deposit-address">{network.address}</code>
          <button type="button" className="btn btn-secondary mw-copy" onClick={() => void copyText(network.address)}>
            <Icon name="clipboard" size={16} />
            {t('wallet.copy_address')}
          </button>
        </div>
      ) : null}
      <Field labelKey="wallet.coin_amount" inputMode="decimal" value={amount} onChange={clearing(setAmount)} name="number"
        placeholderKey={network ? 'wallet.amount_range' : undefined}
        placeholderParams={network ? rangeParams(ruleMin(COIN_AMOUNT), COIN_AMOUNT.max, COIN_AMOUNT.places, network.currency_code) : undefined} />
      <ProofPicker labelKey="wallet.proof" value={proof} onChange={clearing(setProof)} testId="proof" />
      {error ? <p className="mw-error" role="alert">{error}</p> : null}
      <button type="submit" className="btn btn-primary btn-block" data-testid="charge-submit">{t('common.confirm')}</button>
    </form>
  );
}
