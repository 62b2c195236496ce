// /register: e-mail or mobile (with area code), password twice, invite code (prefilled from ?invite_code=), and a
// picture captcha when verify_reg_type is 2, otherwise a sent code with the 60 s countdown.
import { useCallback, useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSignals } from '@preact/signals-react/runtime';
import { captcha as loadCaptcha, register, type Captcha, type LoginType } from '../../api/account.ts';
import { publicSetting } from '../../api/common.ts';
import { $settings, signIn } from '../../state/session.ts';
import { toast } from '../../state/toasts.ts';
import { safeFrom } from '../../state/navigator.ts';
import { useQuery } from '../../app/use-query.ts';
import { TitleBar } from '../../components/title-bar.tsx';
import { Field } from '../../components/field.tsx';
import { Segmented } from '../../components/segmented.tsx';
import { CaptchaImage } from '../../components/captcha-image.tsx';
import { LanguageButton } from '../../components/language-button.tsx';
import { AuthHero } from './auth-hero.tsx';
import { AccountInput } from './account-input.tsx';
import { CodeInput } from './code-input.tsx';
import { PasswordInputs } from './password-inputs.tsx';
import { CHANNEL_OPTIONS } from './channels.ts';
import { requestAccountCode } from './request-code.ts';
import { useAreas } from './use-areas.ts';
import { useFieldErrors } from './use-field-errors.ts';
import { validateRegister, type RegisterField } from './validation.ts';
import './auth.css';

/** verify_reg_type 2 = picture captcha (SPEC §3, §5). */
export const CAPTCHA_REG_TYPE = 2;

export function RegisterPage(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery();
  const from = safeFrom(query.get('from'));
  const byCaptcha = $settings.value?.verify_reg_type === CAPTCHA_REG_TYPE;

  const [type, setType] = useState<LoginType>('email');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [invite, setInvite] = useState(() => query.get('invite_code') ?? '');
  const [code, setCode] = useState('');
  const [codeKey, setCodeKey] = useState(''); // the sent code's key, sent back with the code
  const [pic, setPic] = useState<Captcha | null>(null);
  const { setError, edit, fieldError } = useFieldErrors<RegisterField>();
  const [busy, setBusy] = useState(false);
  const [mobileOffered, setMobileOffered] = useState(true);
  const { areas, area, setArea } = useAreas(type === 'mobile');

  useEffect(() => {
    let live = true;
    publicSetting('is_show_mobile')
      .then((s) => {
        if (live && s.value === '0') setMobileOffered(false);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const refreshCaptcha = useCallback(() => {
    loadCaptcha()
      .then(setPic)
      .catch(() => setPic(null));
  }, []);
  useEffect(() => {
    if (byCaptcha) refreshCaptcha();
  }, [byCaptcha, refreshCaptcha]);

  const send = (): Promise<boolean> =>
    requestAccountCode(
      { type, account, areaId: area?.id, purpose: 1, sentText: t('auth.code_sent'), onKey: setCodeKey },
      setError,
    );

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const problem = validateRegister({ type, account, password, rePassword, code, invite, inviteRequired: false });
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const result = await register({
        type,
        account: account.trim(),
        mobile: type === 'mobile' ? account.trim() : '',
        area_id: type === 'mobile' ? area?.id : undefined,
        password,
        re_password: rePassword,
        invite_code: invite.trim(),
        sms_code: code.trim(),
        key: byCaptcha ? (pic?.id ?? '') : codeKey,
      });
      toast(t('auth.register_success'));
      if (result?.token && result.user) {
        signIn({ token: result.token, user: result.user });
        void navigate(from, { replace: true });
      } else {
        void navigate('/login', { replace: true });
      }
    } catch {
      if (byCaptcha) {
        // A captcha is single-use: a failed attempt needs a new picture.
        setCode('');
        refreshCaptcha();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page auth-page">
      <TitleBar titleKey="page.register" back right={<LanguageButton />} />
      <div className="page-body">
        <AuthHero titleKey="auth.create_account" hintKey="auth.create_hint" />
        <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
          {mobileOffered ? (
            <Segmented
              labelKey="auth.register_by"
              options={CHANNEL_OPTIONS}
              value={type}
              onChange={(v) => {
                setType(v);
                setAccount('');
                setError(null);
              }}
            />
          ) : null}
          <AccountInput
            type={type}
            value={account}
            onChange={edit('account', setAccount)}
            errorKey={fieldError('account')}
            areas={areas}
            area={area}
            onArea={setArea}
          />
          <PasswordInputs
            names={['password', 're_password']}
            labelKey="auth.password"
            password={password}
            rePassword={rePassword}
            onPassword={edit('password', setPassword)}
            onRePassword={edit('rePassword', setRePassword)}
            errorOf={fieldError}
          />
          <Field
            name="invite_code"
            labelKey="auth.invite_code"
            placeholderKey="auth.invite_placeholder"
            value={invite}
            onChange={edit('invite', setInvite)}
            errorKey={fieldError('invite')}
            autoCapitalize="characters"
          />
          <CodeInput
            value={code}
            onChange={edit('code', setCode)}
            errorKey={fieldError('code')}
            onSend={send}
            captcha={byCaptcha ? <CaptchaImage captcha={pic} onRefresh={refreshCaptcha} /> : undefined}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="register-submit">
            {t('auth.register')}
          </button>
        </form>
        <p className="auth-foot">
          {t('auth.have_account')} <Link to="/login">{t('auth.login_now')}</Link>
        </p>
      </div>
    </div>
  );
}
