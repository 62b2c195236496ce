// /mine/withdraw-way?type=1|2 (docs/contract.md §2); an address is checked by its network's checksum.
import { FORM_FIELD, useFieldMessages } from '../../components/forms/use-field-messages.ts';
import { FieldMessage } from '../../components/forms/field-message.tsx';
import { useState, type FormEvent, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { bindPayoutMethod, type BindForm } from '../../api/wallet.ts';
import { needsSecondFactor } from '../../api/security.ts';
import { publicSetting } from '../../api/common.ts';
import { isValidPayoutAddress } from '../../../domain/payout-address.ts';
import { BANK_FIELDS, type BankField } from '../../../domain/wallet-types.ts';
import { useQuery } from '../../components/hooks/use-query.ts';
import { useLoaded } from '../../components/lists/loaded.tsx';
import { Field } from '../../components/forms/field.tsx';
import { FactorCodeField } from '../../components/credentials/code-input.tsx';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { toast } from '../../state/shell/toasts.ts';
import { CurrencyChips, useWithdrawCurrencies } from './withdraw-form.tsx';
import './money.css';

const OPTIONAL: ReadonlySet<BankField> = new Set(['branch_name', 'remark']);

export const listOf = (type: 1 | 2): string => (type === 1 ? '/mine/coin-address-list' : '/mine/bank-card-list');

const holdSetting = () => publicSetting('payout_hold_hours');

export function WithdrawWayPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery();
  const type: 1 | 2 = query.get('type') === '2' ? 2 : 1;
  // From the withdrawal's "Add now": back to it with the new method chosen (and its hold shown), not to the list.
  const backTo = query.get('back') === 'withdraw' ? `/mine/withdraw?type=${type}&pick=newest` : listOf(type);
  const currencies = useWithdrawCurrencies(type);
  const currency = currencies.chosen;
  const [address, setAddress] = useState('');
  // Asked when the account has a second factor (docs/security.md "Second factor").
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  const [bank, setBank] = useState(
    () => Object.fromEntries(BANK_FIELDS.map((k) => [k, ''])) as Record<BankField, string>,
  );

  // Said before it is added, not after a code is spent (docs/security.md "Payout holds").
  const hold = useLoaded(holdSetting).data?.value;
  const holdHours = hold && /^\d+$/.test(hold) && hold !== '0' ? hold : null;
  // The address is checked as it is typed (the network's own checksum); an empty one says so on submit.
  const typed = address.trim();
  const protocol = currency?.protocol ?? '';
  const messages = useFieldMessages<'dc_address'>({
    dc_address:
      type === 1 && typed !== '' && currency && !isValidPayoutAddress(protocol, typed)
        ? { key: 'errors.address_invalid', params: { protocol } }
        : null,
  });

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!currency) return;
    let form: BindForm;
    if (type === 1) {
      const empty = typed === '' ? { key: 'errors.address_enter', params: { protocol } } : null;
      if (!messages.showAll({ dc_address: empty }) || messages.blocked) return;
      form = { type, draw_id: currency.id, dc_address: typed };
    } else {
      const missing = BANK_FIELDS.some((k) => !OPTIONAL.has(k) && !bank[k].trim());
      if (!messages.showAll({ [FORM_FIELD]: missing ? { key: 'errors.please_complete' } : null })) return;
      form = { type, draw_id: currency.id, ...bank };
    }
    try {
      const env = await bindPayoutMethod(askCode ? { ...form, code: code.trim() } : form);
      toast(env.msg);
      void navigate(backTo, { replace: true });
    } catch (err) {
      if (needsSecondFactor(err)) setAskCode(true); // the client showed the server's message
    }
  };

  return (
    <div className="page">
      <TitleBar titleKey={type === 1 ? 'wallet.add_address' : 'wallet.add_bank_card'} back={backTo} />
      <div className="page-body mw-page">
        <form className="mw-form" onSubmit={(e) => void submit(e)} noValidate data-testid="withdraw-way">
          <CurrencyChips testId="way-currencies" currencies={currencies} />
          {type === 1 ? (
            <Field
              labelKey="wallet.address"
              value={address}
              onChange={messages.edit('dc_address', setAddress)}
              name="dc_address"
              autoComplete="off"
              spellCheck={false}
              note={messages.of('dc_address')}
            />
          ) : (
            BANK_FIELDS.map((k) => (
              <Field
                key={k}
                labelKey={`wallet.${k}`}
                value={bank[k]}
                name={k}
                onChange={(v) => {
                  setBank((b) => ({ ...b, [k]: v }));
                  messages.clear(FORM_FIELD);
                }}
                placeholderKey={OPTIONAL.has(k) ? 'wallet.optional' : undefined}
              />
            ))
          )}
          {askCode ? <FactorCodeField value={code} onChange={setCode} data-testid="bind-code" /> : null}
          {holdHours !== null ? (
            <p className="mw-available muted" data-testid="payout-hold-note">
              {t('wallet.payout_hold_note', { hours: holdHours })}
            </p>
          ) : null}
          <FieldMessage id="withdraw-way-message" note={messages.of(FORM_FIELD)} field={FORM_FIELD} />
          <button type="submit" className="btn btn-primary btn-block" data-testid="bind-submit">
            {t('common.confirm')}
          </button>
        </form>
      </div>
    </div>
  );
}
