// /login: account (e-mail or phone) + password, then back to `from`; the demo login keeps this browser's demo_id.
import { useState, type ReactElement } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LoginResult } from '../../domain/types.ts';
import { demoLogin, login } from '../../api/account.ts';
import { demoId, signIn } from '../../state/session.ts';
import { safeFrom } from '../../state/navigator.ts';
import { useQuery } from '../../app/use-query.ts';
import { TitleBar } from '../../components/title-bar.tsx';
import { Field } from '../../components/field.tsx';
import { LanguageButton } from '../../components/language-button.tsx';
import { AuthHero } from './auth-hero.tsx';
import { useFieldErrors } from './use-field-errors.ts';
import { useFormSubmit } from './use-form-submit.ts';
import { validateLogin, type LoginField } from './validation.ts';
import './auth.css';

export function LoginPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery();
  const from = safeFrom(query.get('from'));
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const { accept, edit, fieldError } = useFieldErrors<LoginField>();

  const finish = (r: LoginResult): void => {
    signIn(r);
    void navigate(from, { replace: true });
  };

  const { busy, submit, during } = useFormSubmit(
    () => accept(validateLogin({ account, password })),
    async () => finish(await login(account, password)),
  );

  const registerTo = from === '/' ? '/register' : `/register?from=${encodeURIComponent(from)}`;

  return (
    <div className="page auth-page">
      <TitleBar titleKey="page.login" back right={<LanguageButton />} />
      <div className="page-body">
        <AuthHero titleKey="auth.welcome" hintKey="auth.welcome_hint" />
        <form className="auth-form" onSubmit={submit} noValidate>
          <Field
            name="account"
            labelKey="auth.account"
            placeholderKey="auth.account_placeholder"
            value={account}
            onChange={edit('account', setAccount)}
            errorKey={fieldError('account')}
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
          />
          <Field
            name="password"
            type="password"
            labelKey="auth.password"
            placeholderKey="auth.password_placeholder"
            value={password}
            onChange={edit('password', setPassword)}
            errorKey={fieldError('password')}
            autoComplete="current-password"
          />
          <div className="auth-row-end">
            <Link to="/forgot">{t('auth.forgot')}</Link>
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="login-submit">
            {t('auth.login')}
          </button>
        </form>
        <div className="auth-divider">
          <span>{t('auth.or')}</span>
        </div>
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={busy}
          onClick={() => void during(async () => finish(await demoLogin(await demoId())))}
          data-testid="demo-login"
        >
          {t('auth.demo_login')}
        </button>
        <p className="auth-foot">
          {t('auth.no_account')} <Link to={registerTo}>{t('auth.register_now')}</Link>
        </p>
      </div>
    </div>
  );
}
