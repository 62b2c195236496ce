// /mine/security (docs/security.md "Second factor", "Sessions and devices"); real accounts only.
import { useState, type ReactElement } from 'react';
import { useLoaded } from '../../components/lists/loaded.tsx';
import type { SessionInfo, FactorSetup } from '../../../domain/security-types.ts';
import {
  securityOverview,
  revokeOtherSessions,
  revokeSession,
  beginFactor,
  confirmFactor,
  renewRecoveryCodes,
  turnFactorOff,
} from '../../api/security.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { submitHandler } from '../../components/forms/submit-handler.ts';
import { formatDate } from '../../i18n/format.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { Field } from '../../components/forms/field.tsx';
import { FactorCodeField } from '../../components/credentials/code-input.tsx';
import { QrCode } from '../../components/text/qr-code.tsx';
import { copyText } from '../../components/text/copy-text.ts';
import { toast } from '../../state/shell/toasts.ts';
import { ConfirmDialog } from '../../components/overlays/confirm-dialog.tsx';
import { NoticeSettingsSection } from '../../components/account/notice-settings-section.tsx';
import { LogoutButton } from '../../components/account/logout-button.tsx';
import { useBusy } from '../../components/forms/use-form-submit.ts';
import './security.css';

// The second factor's card on /mine/security (docs/security.md "Second factor").
export function FactorSection(props: { on: boolean; left: number; onChange: () => void }): ReactElement {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<FactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const { during } = useBusy();

  const start = (): Promise<void> =>
    during(async () => {
      setSetup(await beginFactor(password));
      setAsking(false);
      setPassword('');
      setCode('');
    });
  const confirm = (): Promise<void> =>
    during(async () => {
      const r = await confirmFactor(code);
      setSetup(null);
      setCode('');
      setCodes(r.recovery_codes);
      toast(t('server.second_factor_on'));
    });
  const off = (): Promise<void> =>
    during(async () => {
      toast((await turnFactorOff(code)).msg);
      setCode('');
      props.onChange();
    });
  const renew = (): Promise<void> =>
    during(async () => {
      setCodes((await renewRecoveryCodes(code)).recovery_codes);
      setCode('');
    });

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
      {props.on ? (
        <form className="mw-form" onSubmit={submitHandler(off)} noValidate>
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
      ) : setup ? (
        <form className="mw-form" onSubmit={submitHandler(confirm)} noValidate>
          <p className="sec-card__hint">{t('security.factor_scan')}</p>
          <div className="sec-qr">
            <QrCode text={setup.uri} label={t('security.factor_title')} />
          </div>
          <div className="sec-key">
            <span>{t('security.factor_key')}</span>
            <code data-testid="factor-secret">{setup.secret}</code>
            <button type="button" className="btn btn-secondary" onClick={() => void copyText(setup.secret)}>
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
      ) : asking ? (
        <form className="mw-form" onSubmit={submitHandler(start)} noValidate data-testid="factor-password-form">
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
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => setAsking(true)}
          data-testid="factor-start"
        >
          {t('security.factor_start')}
        </button>
      )}
    </section>
  );
}

// Signed-in devices; signing one out also logs out its sockets (docs/security.md "Sessions and devices").
export function SessionsSection(props: { sessions: SessionInfo[]; onChange: () => void }): ReactElement {
  const { t } = useTranslation();
  const [doomed, setDoomed] = useState<SessionInfo | 'others' | null>(null);
  const others = props.sessions.filter((s) => !s.current).length;
  const { during } = useBusy();

  const end = async (): Promise<void> => {
    const target = doomed;
    setDoomed(null);
    if (target === null) return;
    await during(async () => {
      toast((target === 'others' ? await revokeOtherSessions() : await revokeSession(target.id)).msg);
      props.onChange();
    });
  };

  return (
    <section className="sec-card" data-testid="sessions-section">
      <h2 className="sec-card__title">{t('security.sessions_title')}</h2>
      <ul className="sec-sessions">
        {props.sessions.map((s) => (
          <li key={s.id} className="sec-session" data-testid="session-row" data-current={s.current ? '1' : '0'}>
            <div className="sec-session__text">
              <span className="sec-session__device">{s.device || t('security.unknown_device')}</span>
              <span className="sec-session__meta num">{s.address}</span>
              <span className="sec-session__meta">{t('security.created', { time: formatDate(s.created_at) })}</span>
              <span className="sec-session__meta">{t('security.last_seen', { time: formatDate(s.last_seen_at) })}</span>
            </div>
            {s.current ? (
              <span className="sec-session__this">{t('security.this_device')}</span>
            ) : (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setDoomed(s)}
                data-testid="session-sign-out"
                data-device={s.device}
              >
                {t('security.sign_out')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <button
          type="button"
          className="btn btn-danger btn-block"
          onClick={() => setDoomed('others')}
          data-testid="sign-out-others"
        >
          {t('security.sign_out_others')}
        </button>
      ) : null}
      <ConfirmDialog
        open={doomed !== null}
        messageKey={doomed === 'others' ? 'security.others_confirm' : 'security.sign_out_confirm'}
        confirmKey="security.sign_out"
        danger
        onConfirm={() => void end()}
        onCancel={() => setDoomed(null)}
      />
    </section>
  );
}

export function SecurityPage(): ReactElement {
  const { t } = useTranslation();
  const { data: view, reload } = useLoaded(securityOverview, undefined, true);
  // Held or not by the server's clock (0 once passed), never the browser's.
  const held = view && view.withdrawals_held_until > 0 ? view.withdrawals_held_until : null;
  return (
    <div className="page">
      <TitleBar titleKey="security.title" back="/user" />
      <div className="page-body sec-page" data-testid="security-page">
        {held !== null ? (
          <p className="sec-held" data-testid="withdrawals-held">
            {t('security.withdrawals_held', { time: formatDate(held) })}
          </p>
        ) : null}
        {view ? <FactorSection on={view.second_factor === 1} left={view.recovery_left} onChange={reload} /> : null}
        {view ? <SessionsSection sessions={view.sessions} onChange={reload} /> : null}
        {view ? <NoticeSettingsSection /> : null}
        <LogoutButton />
      </div>
    </div>
  );
}
