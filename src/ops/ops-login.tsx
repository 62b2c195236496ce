// At the first sign-in the admin's one-time password only opens the step where members choose their own.
import { OpsAlert, OpsField, SecretField } from './ops-field.tsx';
import { useState, type FormEvent, type ReactElement } from 'react';
import { QR_SIZE } from '../components/text/qr-image.ts';
import { useQrDataUrl } from '../components/text/qr-code.tsx';
import { signIn, type OpsAuth } from './ops-api.ts';
import { failureText, OPS_TEXT } from './texts.ts';

export function LoginForm({ onAuth }: { onAuth: (auth: OpsAuth) => void }) {
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [own, setOwn] = useState('');
  const [step, setStep] = useState<'password' | 'own' | 'code'>('password');
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [token, setToken] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    signIn(login.trim(), password, step === 'code' ? code.trim() : '', step === 'own' ? own : '')
      .then(
        (answer) => {
          if (answer.step === 'done') onAuth({ kind: 'session', secret: answer.token });
          else if (answer.step === 'password') setStep('own');
          else {
            if (step === 'own') {
              setPassword(own);
              setOwn('');
            }
            setStep('code');
            setSetup(answer.step === 'setup' ? { secret: answer.secret, uri: answer.uri } : null);
          }
        },
        (err: unknown) => setError(failureText(err)),
      )
      .finally(() => setBusy(false));
  };
  const useToken = (e: FormEvent) => {
    e.preventDefault();
    if (token.trim()) onAuth({ kind: 'token', secret: token.trim() });
  };

  return (
    <div className="ops-login">
      <form className="ops-card" onSubmit={submit} aria-label={OPS_TEXT.signIn}>
        <h2>{OPS_TEXT.signIn}</h2>
        <OpsField label={OPS_TEXT.login} name="login" autoComplete="username" value={login} onChange={setLogin} />
        <SecretField kind="current" value={password} onChange={setPassword} readOnly={step !== 'password'} />
        {step === 'own' && (
          <div className="ops-setup" data-testid="own-password">
            <h3>{OPS_TEXT.ownTitle}</h3>
            <p className="ops-muted">{OPS_TEXT.ownHelp}</p>
            <SecretField kind="own" value={own} onChange={setOwn} />
          </div>
        )}
        {setup && (
          <div className="ops-setup" data-testid="totp-setup">
            <h3>{OPS_TEXT.setupTitle}</h3>
            <p className="ops-muted">{OPS_TEXT.setupHelp}</p>
            <OpsQr uri={setup.uri} />
            <code className="ops-secret" data-testid="totp-secret">
              {setup.secret}
            </code>
            <a href={setup.uri}>{OPS_TEXT.setupLink}</a>
          </div>
        )}
        {step === 'code' && <SecretField kind="code" value={code} onChange={setCode} />}
        <OpsAlert text={error} />
        <button type="submit" disabled={busy}>
          {step === 'code' ? OPS_TEXT.signIn : OPS_TEXT.next}
        </button>
      </form>
      <details className="ops-card">
        <summary>{OPS_TEXT.breakGlass}</summary>
        <form onSubmit={useToken} aria-label={OPS_TEXT.breakGlass}>
          <p className="ops-muted">{OPS_TEXT.breakGlassHelp}</p>
          <SecretField kind="token" value={token} onChange={setToken} />
          <button type="submit">{OPS_TEXT.connect}</button>
        </form>
      </details>
    </div>
  );
}

// A PNG data URL because the CSP allows data: images (docs/back-office.md "Staff accounts").
function OpsQr({ uri }: { uri: string }): ReactElement | null {
  const src = useQrDataUrl(uri); // the key as text stays beside it
  return src ? (
    <img className="ops-qr" src={src} alt={OPS_TEXT.setupQr} width={QR_SIZE} height={QR_SIZE} data-testid="totp-qr" />
  ) : null;
}
