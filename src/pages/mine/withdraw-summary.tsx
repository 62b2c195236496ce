// The last step before sending (docs/security.md "Withdrawal confirmation"); nothing is sent until "Send the request".
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { requestWithdrawCode, securityOverview } from '../../api/security.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { BottomSheet } from '../../components/overlays/bottom-sheet.tsx';
import { Field } from '../../components/forms/field.tsx';
import { FactorCodeField } from '../../components/credentials/code-input.tsx';
import { SendCodeButton, type SendResult } from '../../components/forms/send-code-button.tsx';
import { Num } from '../../components/text/num.tsx';
import { toast } from '../../state/shell/toasts.ts';

// In the order the trader reads them; each has its label security.summary_<line>.
const SUMMARY_LINES = ['amount', 'fee', 'to', 'receive'] as const;

export function WithdrawSummary(props: {
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
