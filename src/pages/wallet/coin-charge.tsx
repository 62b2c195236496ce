// The coin side of /mine/charge: pick a network, see its address (QR at 160 px, copy), enter the coins sent and one
// proof image, submit. The server's msg is toasted after submit (SPEC §8) and the form empties.
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { coinNetworks, submitCoinCharge } from '../../api/wallet.ts';
import { COIN_AMOUNT } from '../../domain/amount-input.ts';
import type { CoinNetwork } from '../../domain/wallet-types.ts';
import { Field } from '../../components/field.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { toast } from '../../state/toasts.ts';
import { AddressQr } from './address-qr.tsx';
import { chargeProblem } from './charge-amount.ts';
import { ProofPicker } from './proof-picker.tsx';

export function CoinCharge({ onSubmitted, refreshKey }: { onSubmitted: () => void; refreshKey: number }): ReactElement {
  const { t } = useTranslation();
  const [networks, setNetworks] = useState<CoinNetwork[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    coinNetworks(abort.signal).then(
      (list) => {
        setNetworks(list);
        setChosen((c) => (c !== null && list.some((n) => n.id === c) ? c : (list[0]?.id ?? null)));
      },
      () => setNetworks((n) => n ?? []),
    );
    return () => abort.abort();
  }, [refreshKey]);

  const network = networks?.find((n) => n.id === chosen) ?? null;

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!network || busy) return;
    const problem = chargeProblem(amount, COIN_AMOUNT, 'coin_amount_required', proof);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const env = await submitCoinCharge({ number: amount.trim(), proofImg: proof, address: network.address, charge_id: network.id });
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

  if (networks !== null && networks.length === 0) return <EmptyState textKey="wallet.no_networks" />;
  return (
    <form className="wl-form" onSubmit={(e) => void submit(e)} noValidate data-testid="coin-charge">
      <div className="wl-picker" role="radiogroup" aria-label={t('wallet.network')}>
        <span className="field__label">{t('wallet.network')}</span>
        <div className="wl-chips">
          {(networks ?? []).map((n) => (
            <button
              key={n.id}
              type="button"
              role="radio"
              aria-checked={n.id === chosen}
              className="wl-chip"
              data-network={`${n.currency_code}-${n.protocol_code}`}
              onClick={() => setChosen(n.id)}
            >
              {`${n.currency_code} · ${n.protocol_code}`}
            </button>
          ))}
        </div>
      </div>
      {network ? <AddressQr address={network.address} /> : null}
      <Field
        labelKey="wallet.coin_amount"
        placeholderKey="errors.coin_amount_required"
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setError(null);
        }}
        inputMode="decimal"
        name="number"
        end={network ? <span className="wl-unit">{network.currency_code}</span> : null}
      />
      <ProofPicker onChange={setProof} resetKey={resetKey} />
      {error ? (
        <p className="field__error" role="alert">
          {t(error, { places: COIN_AMOUNT.places, max: COIN_AMOUNT.max })}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy || !network} data-action="submit-charge">
        {t('wallet.submit_charge')}
      </button>
    </form>
  );
}
