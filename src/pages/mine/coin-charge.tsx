// The coin half of /mine/charge; the charge then waits for an operator.
import type { FormEvent, ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { coinNetworks, submitCoinCharge } from '../../api/wallet.ts';
import { COIN_AMOUNT } from '../../../domain/amount-input.ts';
import { Field } from '../../components/forms/field.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import { QrCode } from '../../components/text/qr-code.tsx';
import { rangeParams, ruleMin } from './amount-check.ts';
import { CHIPS } from './kind-screen.tsx';
import { Segmented } from '../../components/forms/segmented.tsx';
import { copyText } from '../../components/text/copy-text.ts';
import { ChargeFoot, useChargeForm } from './charge-form.tsx';
import { useFirstChoice } from './first-choice.ts';
import { ICON_CLIPBOARD } from '../../components/icons/screen-icons.ts';

export function CoinCharge({ onSubmitted }: { onSubmitted: () => void }): ReactElement {
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
