// A picture captcha when verify_reg_type is 2, otherwise a sent code with its countdown.
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { captcha as loadCaptcha, register, type Captcha } from '../../api/account.ts';
import { publicSetting } from '../../api/common.ts';
import { $settings, signIn } from '../../state/account/session.ts';
import { toast } from '../../state/shell/toasts.ts';
import { safeFrom } from '../../state/shell/navigator.ts';
import { useQuery } from '../../components/hooks/use-query.ts';
import { useLoaded } from '../../components/lists/loaded.tsx';
import { Field } from '../../components/forms/field.tsx';
import { LanguageButton } from '../../components/icons/language-button.tsx';
import { INVITE_FIELD, useFieldErrors } from '../../components/credentials/use-field-errors.ts';
import { AuthForm } from '../../components/credentials/auth-form.tsx';
import { AuthScreen } from './auth-screen.tsx';
import { ChannelAccount, useChannelAccount } from './channel-account.tsx';
import { CodeInput } from '../../components/credentials/code-input.tsx';
import { PasswordInputs } from '../../components/credentials/password-inputs.tsx';
import { codeTarget, requestAccountCode } from '../../components/credentials/request-code.ts';
import type { SendResult } from '../../components/forms/send-code-button.tsx';
import { useFormSubmit } from '../../components/forms/use-form-submit.ts';
import { usePasswordForm } from '../../components/credentials/use-password-form.ts';
import './captcha-image.css';
import { livePasswordProblem, validateRegister, type RegisterField } from '../../components/credentials/validation.ts';

const showMobile = () => publicSetting('is_show_mobile');

export function RegisterPage(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery();
  const from = safeFrom(query.get('from'));
  const byCaptcha = $settings.value?.verify_reg_type === 2; // docs/contract.md §3, §5

  const who = useChannelAccount();
  const form = usePasswordForm();
  const [invite, setInvite] = useState(() => query.get('invite_code') ?? '');
  const [pic, setPic] = useState<Captcha | null>(null);
  const { type, account, area } = who;
  // The password's length rule as typed: the message shows under the field at once, not after a submit.
  const errors = useFieldErrors<RegisterField>({ password: livePasswordProblem(form.password) });

  const mobileOffered = useLoaded(showMobile).data?.value !== '0';

  const refreshCaptcha = useCallback(() => {
    loadCaptcha().then(setPic, () => setPic(null));
  }, []);
  useEffect(() => {
    if (byCaptcha) refreshCaptcha();
  }, [byCaptcha, refreshCaptcha]);

  const send = (): Promise<SendResult> =>
    requestAccountCode(
      { type, account, areaId: area?.id, purpose: 1, sentText: t('auth.code_sent'), onKey: form.setCodeKey },
      errors.setError,
    );

  const sending = useFormSubmit(
    () =>
      errors.accept(
        validateRegister({
          type,
          account,
          password: form.password,
          rePassword: form.rePassword,
          code: form.code,
          invite,
          inviteRequired: false,
        }),
      ),
    async () => {
      const result = await register({
        type,
        account: account.trim(),
        mobile: type === 'mobile' ? account.trim() : '',
        area_id: type === 'mobile' ? area?.id : undefined,
        password: form.password,
        re_password: form.rePassword,
        invite_code: invite.trim(),
        sms_code: form.code.trim(),
        key: byCaptcha ? (pic?.id ?? '') : form.codeKey,
      });
      toast(t('auth.register_success'));
      if (result?.token && result.user) {
        signIn({ token: result.token, user: result.user });
        void navigate(from, { replace: true });
      } else {
        void navigate('/login', { replace: true });
      }
    },
    () => {
      if (!byCaptcha) return;
      // A captcha is single-use: a failed attempt needs a new picture.
      form.setCode('');
      refreshCaptcha();
    },
  );

  return (
    <AuthScreen
      titleKey="page.register"
      heroKey="auth.create_account"
      hintKey="auth.create_hint"
      right={<LanguageButton />}
    >
      <AuthForm sending={sending} submitKey="auth.register" testId="register-submit">
        <ChannelAccount state={who} errors={errors} labelKey="auth.register_by" chooser={mobileOffered} />
        <PasswordInputs names={['password', 're_password']} labelKey="auth.password" form={form} errors={errors} />
        <Field {...INVITE_FIELD} {...errors.inputProps('invite', invite, setInvite)} />
        <CodeInput
          {...errors.inputProps('code', form.code, form.setCode)}
          onSend={send}
          target={account.trim() ? codeTarget(type, account) : undefined}
          captcha={
            byCaptcha ? (
              // The picture captcha (verify_reg_type 2): GET /api/captcha → {id, b64s}; a tap loads a new one.
              <button
                type="button"
                className="captcha"
                onClick={refreshCaptcha}
                aria-label={t('auth.captcha_refresh')}
                data-testid="captcha"
              >
                {pic ? <img src={pic.b64s} alt={t('auth.captcha_alt')} /> : <span className="captcha__wait" />}
              </button>
            ) : undefined
          }
        />
      </AuthForm>
      <p className="auth-foot">
        {t('auth.have_account')} <Link to="/login">{t('auth.login_now')}</Link>
      </p>
    </AuthScreen>
  );
}
