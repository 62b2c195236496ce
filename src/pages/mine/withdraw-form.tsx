// Fee and received amount previewed with the function the server charges with (docs/contract.md §5).
import { useCallback, useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { payoutMethods, submitWithdrawal, withdrawCurrencies } from '../../api/wallet.ts';
import { USD_AMOUNT } from '../../../domain/amount-input.ts';
import { CURRENCY, type WithdrawMethod } from '../../../domain/wallet-types.ts';
import { withdrawPreview, withdrawRange } from '../../../domain/withdraw-fee.ts';
import { formatDate, formatMoney } from '../../i18n/format.ts';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.tsx';
import { Field } from '../../components/forms/field.tsx';
import { useFirstChoice } from './first-choice.ts';
import { useFormMessage } from '../../components/forms/use-form-message.ts';
import { toast } from '../../state/shell/toasts.ts';
import { amountProblem, rangeParams } from './amount-check.ts';
import { CHIPS } from './kind-screen.tsx';
import { Segmented } from '../../components/forms/segmented.tsx';
import { Num } from '../../components/text/num.tsx';
import { useBusy } from '../../components/forms/use-form-submit.ts';
import { requestWithdrawCode, securityOverview } from '../../api/security.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { FactorCodeField } from '../../components/credentials/code-input.tsx';
import { SendCodeButton, type SendResult } from '../../components/forms/send-code-button.tsx';

// The last step before sending (docs/security.md "Withdrawal confirmation"); nothing is sent until "Send the request".
// In the order the trader reads them; each has its label security.summary_<line>.
const SUMMARY_LINES = ['amount', 'fee', 'to', 'receive'] as const;

function WithdrawSummary(props: {
  open: boolean;
  lines: Record<(typeof SUMMARY_LINES)[number], string>;
  onClose: () => void;
  onSend: (proof: { code: string; key?: string }) => Promise<void>;
}): ReactElement | null {
  const { t } = useTranslation();
  const [factor, setFactor] = useState<boolean | null>(null);
  const [code, setCode] = useState('');
  const [key, setKey] = useState<string | undefined>(undefined);
  const [sentTo, setSentTo] = useState<'email' | 'sms' | null>(null);
  const { open } = props;
  useEffect(() => {
    if (!open) return;
    setCode('');
    securityOverview().then(
      (v) => setFactor(v.second_factor === 1),
      () => setFactor(false),
    );
  }, [open]);

  const send = async (): Promise<SendResult> => {
    const env = await requestWithdrawCode();
    if (env.data.channel === 'factor') {
      setFactor(true);
      return false;
    }
    setKey(env.data.key);
    setSentTo(env.data.channel);
    toast(env.msg);
    return env.data.resend_after || true;
  };
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    void props.onSend({ code: code.trim(), key: factor ? undefined : key });
  };
  const { lines } = props;
  return (
    <BottomSheet open={open} onClose={props.onClose} titleKey="security.summary_title">
      <form className="mw-form mw-sheet-form" onSubmit={submit} noValidate data-testid="withdraw-summary">
        <dl className="mw-preview">
          {SUMMARY_LINES.map((k) => (
            <div key={k}>
              <dt>{t(`security.summary_${k}`)}</dt>
              <dd data-testid={`summary-${k}`}>
                <Num>{lines[k]}</Num>
              </dd>
            </div>
          ))}
        </dl>
        {factor === null ? null : factor ? (
          <FactorCodeField value={code} onChange={setCode} data-testid="summary-code" />
        ) : (
          <Field
            labelKey="auth.code"
            value={code}
            onChange={setCode}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            hintKey={sentTo === 'sms' ? 'security.code_sms' : sentTo === 'email' ? 'security.code_email' : undefined}
            end={<SendCodeButton onSend={send} />}
            data-testid="summary-code"
          />
        )}
        <button type="submit" className="btn btn-primary btn-block" data-testid="summary-send">
          {t('security.send_request')}
        </button>
      </form>
    </BottomSheet>
  );
}

export function WithdrawForm(props: {
  type: 1 | 2;
  available: string | undefined;
  onSubmitted: () => void;
  /** Back from "Add now" with the one just saved. */
  pickNewest?: boolean;
}): ReactElement {
  const { type, pickNewest } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currencies = useWithdrawCurrencies(type);
  const currency = currencies.chosen ?? undefined;
  const currencyId = currency?.id ?? null;
  const [methods, setMethods] = useState<WithdrawMethod[] | null>(null);
  const [methodId, setMethodId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const { message: error, setMessage: setError, clearing } = useFormMessage();
  const [notBound, setNotBound] = useState(false);
  const [reviewing, setReviewing] = useState(false);

  useEffect(() => {
    setMethods(null);
    setMethodId(null);
    if (currencyId === null) return;
    payoutMethods(type, currencyId).then(
      (list) => {
        setMethods(list);
        const newest = list.reduce<WithdrawMethod | undefined>((a, m) => (a && a.id > m.id ? a : m), undefined);
        setMethodId((pickNewest ? newest : list[0])?.id ?? null);
      },
      () => undefined,
    );
  }, [type, currencyId, pickNewest]);

  const preview = withdrawPreview(amount, currency);
  const range = currency ? withdrawRange(currency, props.available, USD_AMOUNT.max) : null;

  const method = methods?.find((m) => m.id === methodId);
  // Said before the summary, and the review refused, so no second-factor code is spent on a refused withdrawal.
  const heldUntil = method && (method.held_until ?? 0) > 0 ? (method.held_until ?? null) : null;

  const review = (e: FormEvent): void => {
    e.preventDefault();
    if (!currency) return;
    if (methodId === null) {
      setNotBound(true); // docs/contract.md §5: nothing saved → confirm, then bind one
      return;
    }
    if (heldUntil !== null) return;
    const problem = amountProblem(t, amount, USD_AMOUNT, 'errors.amount_invalid');
    setError(problem);
    if (problem) return;
    setReviewing(true);
  };

  // A refusal leaves the summary open for another code.
  const { during } = useBusy();
  const send = async (proof: { code: string; key?: string }): Promise<void> => {
    if (!currency || methodId === null) return;
    await during(async () => {
      const env = await submitWithdrawal({
        draw_currency_id: currency.id,
        number: amount.trim(),
        memo: memo.trim(),
        draw_method_id: methodId,
        code: proof.code,
        key: proof.key,
      });
      toast(env.msg);
      setReviewing(false);
      setAmount('');
      setMemo('');
      props.onSubmitted();
    });
  };

  return (
    // Busy while the currencies load: Review is disabled until then, and no reader takes that for the finished form.
    <form className="mw-form" onSubmit={review} noValidate data-testid="withdraw-form" aria-busy={currencies.loading}>
      <CurrencyChips testId="withdraw-currencies" currencies={currencies} />
      <div className="mw-field-label">{t(type === 1 ? 'wallet.to_address' : 'wallet.to_account')}</div>
      {methods && methods.length > 0 ? (
        <Segmented
          {...CHIPS}
          labelKey="wallet.payout_method"
          testId="withdraw-methods"
          value={methodId}
          onChange={setMethodId}
          options={methods.map((m) => ({ value: m.id, text: methodLabel(m) }))}
        />
      ) : methods ? (
        // Only once the saved methods are known to be none: while they load, "add one" would be a false offer.
        <button type="button" className="mw-bind" onClick={() => setNotBound(true)} data-testid="bind-first">
          {t(type === 1 ? 'wallet.add_address' : 'wallet.add_bank_card')}
        </button>
      ) : null}
      {heldUntil !== null ? (
        <p className="mw-error" data-testid="method-held">
          {t('security.held_until', { time: formatDate(heldUntil) })}
        </p>
      ) : null}
      <Field
        labelKey="wallet.withdraw_amount"
        inputMode="decimal"
        value={amount}
        onChange={clearing(setAmount)}
        name="number"
        end={<span className="mw-ccy">{CURRENCY}</span>}
        placeholderKey={range ? 'wallet.amount_range' : undefined}
        placeholderParams={range ? rangeParams(range.min, range.max, 2, CURRENCY) : undefined}
      />
      <p className="mw-available muted">
        {t('wallet.available')}{' '}
        <span className="num" data-testid="withdraw-available">
          {props.available === undefined ? '--' : `${formatMoney(props.available)} USD`}
        </span>
      </p>
      <Field labelKey="wallet.remark" value={memo} onChange={setMemo} name="memo" maxLength={200} />
      <dl className="mw-preview" data-testid="withdraw-preview">
        <div>
          <dt>{t('wallet.fee')}</dt>
          <dd data-testid="fee">
            <Num>{preview.fee === '--' ? '--' : `${formatMoney(preview.fee)} USD`}</Num>
          </dd>
        </div>
        <div>
          <dt>{t('wallet.receive')}</dt>
          <dd data-testid="receive">
            <Num>{preview.receive === '--' ? '--' : `${formatMoney(preview.receive)} ${currency?.code ?? ''}`}</Num>
          </dd>
        </div>
      </dl>
      {error ? (
        <p className="mw-error" role="alert">
          {error}
        </p>
      ) : null}
      {/* Nothing to review before the currencies are in: the press would do nothing. */}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        data-testid="withdraw-submit"
        disabled={!currency || heldUntil !== null}
      >
        {t('security.review')}
      </button>
      <WithdrawSummary
        open={reviewing}
        lines={{
          amount: `${formatMoney(amount.trim())} USD`,
          fee: `${formatMoney(preview.fee)} USD`,
          to: method ? methodLabel(method) : '',
          receive: `${formatMoney(preview.receive)} ${currency?.code ?? ''}`,
        }}
        onClose={() => setReviewing(false)}
        onSend={send}
      />
      <ConfirmDialog
        open={notBound}
        titleKey="wallet.not_bound_title"
        messageKey={type === 1 ? 'wallet.not_bound_coin' : 'wallet.not_bound_bank'}
        confirmKey="wallet.bind_now"
        onConfirm={() => {
          setNotBound(false); // the page may be kept alive: coming back must not find the dialog still open
          void navigate(`/mine/withdraw-way?type=${type}&back=withdraw`);
        }}
        onCancel={() => setNotBound(false)}
      />
    </form>
  );
}

/** The currencies a withdrawal of this type is paid in, the first one chosen; another type starts from none. */
export function useWithdrawCurrencies(type: 1 | 2) {
  return useFirstChoice(useCallback(() => withdrawCurrencies(type), [type]));
}

export function CurrencyChips(p: { testId: string; currencies: ReturnType<typeof useWithdrawCurrencies> }) {
  const { currencies } = p;
  return (
    <Segmented
      {...CHIPS}
      labelKey="wallet.currency"
      testId={p.testId}
      value={currencies.chosen?.id ?? null}
      onChange={currencies.choose}
      options={currencies.list.map((c) => ({ value: c.id, text: c.protocol ? `${c.code}-${c.protocol}` : c.code }))}
    />
  );
}

export function shortAddress(address: string): string {
  return address.length > 20 ? `${address.slice(0, 8)}…${address.slice(-8)}` : address;
}

function methodLabel(m: WithdrawMethod): string {
  if (m.type === 1) return `${m.draw_currency.code}-${m.draw_currency.protocol} ${shortAddress(m.dc_address)}`;
  return `${m.bank_name} ${m.payee_name} ****${m.payee_account.slice(-4)}`;
}
