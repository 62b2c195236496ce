// /mine/withdraw-way?type=1|2 (SPEC §2): save a payout method — a coin address (checked here with the network's
// checksum, as the server checks it) or a bank account with the SPEC §3 fields. Saved → back to its list.
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { bindPayoutMethod, withdrawCurrencies, type BindForm } from '../../api/wallet.ts';
import { isValidPayoutAddress } from '../../domain/payout-address.ts';
import type { WithdrawCurrency } from '../../domain/wallet-types.ts';
import { useQuery } from '../../app/use-query.ts';
import { Field } from '../../components/field.tsx';
import { TitleBar } from '../../components/title-bar.tsx';
import { toast } from '../../state/toasts.ts';
import { ChoiceChips } from './choice-chips.tsx';
import './money.css';

const BANK_FIELDS = ['bank_name', 'bank_address', 'bank_swift', 'branch_name', 'payee_name', 'payee_account', 'remark'] as const;
type BankField = (typeof BANK_FIELDS)[number];
const REQUIRED: ReadonlySet<BankField> = new Set(['bank_name', 'bank_address', 'bank_swift', 'payee_name', 'payee_account']);

export const listOf = (type: 1 | 2): string => (type === 1 ? '/mine/coin-address-list' : '/mine/bank-card-list');

export function WithdrawWayPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const type: 1 | 2 = useQuery().get('type') === '2' ? 2 : 1;
  const [currencies, setCurrencies] = useState<WithdrawCurrency[]>([]);
  const [currencyId, setCurrencyId] = useState<number | null>(null);
  const [address, setAddress] = useState('');
  const [bank, setBank] = useState<Record<BankField, string>>({
    bank_name: '', bank_address: '', bank_swift: '', branch_name: '', payee_name: '', payee_account: '', remark: '',
  });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    withdrawCurrencies(type).then((list) => {
      setCurrencies(list);
      setCurrencyId(list[0]?.id ?? null);
    }, () => undefined);
  }, [type]);
  const currency = currencies.find((c) => c.id === currencyId);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!currency) return;
    let form: BindForm;
    if (type === 1) {
      const a = address.trim();
      const problem = !a ? t('errors.address_required') : isValidPayoutAddress(currency.protocol, a) ? null : t('errors.address_invalid', { protocol: currency.protocol });
      setError(problem);
      if (problem) return;
      form = { type, draw_id: currency.id, dc_address: a };
    } else {
      const missing = BANK_FIELDS.some((k) => REQUIRED.has(k) && !bank[k].trim());
      setError(missing ? t('errors.please_complete') : null);
      if (missing) return;
      form = { type, draw_id: currency.id, ...bank };
    }
    try {
      const env = await bindPayoutMethod(form);
      toast(env.msg);
      void navigate(listOf(type), { replace: true });
    } catch {
      // the client showed the server's message
    }
  };

  return (
    <div className="page">
      <TitleBar titleKey={type === 1 ? 'wallet.add_address' : 'wallet.add_bank_card'} back={listOf(type)} />
      <div className="page-body mw-page">
        <form className="mw-form" onSubmit={(e) => void submit(e)} noValidate data-testid="withdraw-way">
          <ChoiceChips label={t('wallet.currency')} testId="way-currencies" value={currencyId} onChange={setCurrencyId}
            choices={currencies.map((c) => ({ id: c.id, label: c.protocol ? `${c.code}-${c.protocol}` : c.code }))} />
          {type === 1 ? (
            <Field labelKey="wallet.address" value={address} onChange={setAddress} name="dc_address" autoComplete="off" spellCheck={false} />
          ) : (
            BANK_FIELDS.map((k) => (
              <Field key={k} labelKey={`wallet.${k}`} value={bank[k]} name={k} onChange={(v) => setBank((b) => ({ ...b, [k]: v }))}
                placeholderKey={REQUIRED.has(k) ? undefined : 'wallet.optional'} />
            ))
          )}
          {error ? <p className="mw-error" role="alert">{error}</p> : null}
          <button type="submit" className="btn btn-primary btn-block" data-testid="bind-submit">{t('common.confirm')}</button>
        </form>
      </div>
    </div>
  );
}
