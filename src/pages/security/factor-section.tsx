// The second factor's card on /mine/security (docs/security.md "Second factor").
import { useState, type FormEvent, type ReactElement } from 'react';
import type { FactorSetup } from '../../../domain/security-types.ts';
import { beginFactor, confirmFactor, renewRecoveryCodes, turnFactorOff } from '../../api/security.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Field } from '../../components/forms/field.tsx';
import { FactorCodeField } from '../../components/credentials/code-input.tsx';
import { QrCode } from '../../components/text/qr-code.tsx';
import { toast } from '../../state/shell/toasts.ts';

export function FactorSection(props: { on: boolean; left: number; onChange: () => void }): ReactElement {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<FactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');

  const start = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    try {
      setSetup(await beginFactor(password));
      setAsking(false);
      setPassword('');
      setCode('');
    } catch {
      // the client showed the server's message
    }
  };
  const confirm = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    try {
      const r = await confirmFactor(code);
      setSetup(null);
      setCode('');
      setCodes(r.recovery_codes);
      toast(t('server.second_factor_on'));
    } catch {
      // the client showed the server's message
    }
  };
  const off = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    try {
      const env = await turnFactorOff(code);
      toast(env.msg);
      setCode('');
      props.onChange();
    } catch {
      // the client showed the server's message
    }
  };
  const renew = async (): Promise<void> => {
    try {
      setCodes((await renewRecoveryCodes(code)).recovery_codes);
      setCode('');
    } catch {
      // the client showed the server's message
    }
  };
  const copy = (text: string): void => {
    void navigator.clipboard?.writeText(text).then(
      () => toast(t('common.copy_success')),
      () => undefined,
    );
  };

  if (codes) {
    return (
      <section className="sec-card" data-testid="recovery-codes">
        <h2 className="sec-card__title">{t('security.recovery_title')}</h2>
        <p className="sec-card__hint">{t('security.recovery_intro')}</p>
        <ul className="sec-codes">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => {
            setCodes(null);
            props.onChange();
          }}
          data-testid="recovery-done"
        >
          {t('security.recovery_done')}
        </button>
      </section>
    );
  }

  return (
    <section className="sec-card" data-testid="factor-section">
      <div className="sec-card__head">
        <h2 className="sec-card__title">{t('security.factor_title')}</h2>
        <span className={`sec-state${props.on ? ' sec-state--on' : ''}`} data-testid="factor-state">
          {t(props.on ? 'security.factor_on' : 'security.factor_off')}
        </span>
      </div>
      <p className="sec-card__hint">{t('security.factor_intro')}</p>
      {!props.on && !setup && !asking ? (
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => setAsking(true)}
          data-testid="factor-start"
        >
          {t('security.factor_start')}
        </button>
      ) : null}
      {!props.on && !setup && asking ? (
        <form className="mw-form" onSubmit={(e) => void start(e)} noValidate data-testid="factor-password-form">
          <Field
            labelKey="security.factor_password"
            value={password}
            onChange={setPassword}
            name="password"
            type="password"
            autoComplete="current-password"
            hintKey="security.factor_password_hint"
            data-testid="factor-password"
          />
          <button type="submit" className="btn btn-primary btn-block" data-testid="factor-password-next">
            {t('security.factor_continue')}
          </button>
        </form>
      ) : null}
      {!props.on && setup ? (
        <form className="mw-form" onSubmit={(e) => void confirm(e)} noValidate>
          <p className="sec-card__hint">{t('security.factor_scan')}</p>
          <div className="sec-qr">
            <QrCode text={setup.uri} label={t('security.factor_title')} />
          </div>
          <div className="sec-key">
            <span>{t('security.factor_key')}</span>
            <code data-testid="factor-secret">{setup.secret}</code>
            <button type="button" className="btn btn-secondary" onClick={() => copy(setup.secret)}>
              {t('security.copy_key')}
            </button>
          </div>
          <Field
            labelKey="security.factor_code"
            value={code}
            onChange={setCode}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            data-testid="factor-code"
          />
          <button type="submit" className="btn btn-primary btn-block" data-testid="factor-confirm">
            {t('security.factor_confirm')}
          </button>
        </form>
      ) : null}
      {props.on ? (
        <form className="mw-form" onSubmit={(e) => void off(e)} noValidate>
          <p className="sec-card__hint" data-testid="recovery-left">
            {t('security.recovery_left', { n: String(props.left) })}
          </p>
          <FactorCodeField
            value={code}
            onChange={setCode}
            hintKey="security.factor_off_hint"
            data-testid="factor-off-code"
          />
          <button type="button" className="btn btn-secondary btn-block" onClick={() => void renew()}>
            {t('security.recovery_renew')}
          </button>
          <button type="submit" className="btn btn-danger btn-block" data-testid="factor-off">
            {t('security.factor_turn_off')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
