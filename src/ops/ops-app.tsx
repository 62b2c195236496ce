// The back-office page (docs/back-office.md "The page"); the session lives only in this tab's sessionStorage.
import { useCallback, useEffect, useState, type ComponentType, type FormEvent, type ReactElement } from 'react';
import {
  AUTH_KEY,
  listCommands,
  OpsError,
  signIn,
  signOut,
  whoAmI,
  type OpsAuth,
  type OpsCommandInfo,
  type OpsMe,
} from './ops-api.ts';
import { CommandsTab } from './ops-commands.tsx';
import { ApprovalsPanel, AuditPanel, PasswordPanel, StaffPanel } from './ops-panels.tsx';
import { OpsAlert, OpsField, SecretField } from './ops-field.tsx';
import { QR_SIZE } from '../components/text/qr-image.ts';
import { useQrDataUrl } from '../components/text/qr-code.tsx';
import { failureText, OPS_TEXT } from './texts.ts';

// At the first sign-in the admin's one-time password only opens the step where members choose their own.
function LoginForm({ onAuth }: { onAuth: (auth: OpsAuth) => void }) {
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

type Tab = 'commands' | 'approvals' | 'audit' | 'staff' | 'password';
type PanelProps = { auth: OpsAuth; commands: OpsCommandInfo[]; onGone: (err: unknown) => void };

const TABS: ReadonlyArray<{ tab: Tab; label: string; needs: string | null; Panel: ComponentType<PanelProps> }> = [
  { tab: 'commands', label: OPS_TEXT.tabCommands, needs: null, Panel: CommandsTab },
  { tab: 'approvals', label: OPS_TEXT.tabApprovals, needs: 'approval-list', Panel: ApprovalsPanel },
  { tab: 'audit', label: OPS_TEXT.tabAudit, needs: 'audit-search', Panel: AuditPanel },
  { tab: 'staff', label: OPS_TEXT.tabStaff, needs: 'staff-list', Panel: StaffPanel },
  { tab: 'password', label: OPS_TEXT.tabPassword, needs: null, Panel: PasswordPanel },
];

function storedAuth(): OpsAuth | null {
  try {
    const a = JSON.parse(sessionStorage.getItem(AUTH_KEY) ?? 'null') as OpsAuth | null;
    return a && (a.kind === 'session' || a.kind === 'token') && typeof a.secret === 'string' ? a : null;
  } catch {
    return null;
  }
}

export function OpsApp() {
  const [session, setSession] = useState<{ auth: OpsAuth; me: OpsMe; commands: OpsCommandInfo[] } | null>(null);
  const [tab, setTab] = useState<Tab>('commands');
  const [notice, setNotice] = useState<string | null>(null);

  const leave = useCallback((text: string | null) => {
    sessionStorage.removeItem(AUTH_KEY);
    setSession(null);
    setNotice(text);
  }, []);
  const connect = useCallback(
    (a: OpsAuth) => {
      Promise.all([whoAmI(a), listCommands(a)]).then(
        ([me, commands]) => {
          sessionStorage.setItem(AUTH_KEY, JSON.stringify(a));
          setSession({ auth: a, me, commands });
          setNotice(null);
        },
        (err: unknown) => leave(failureText(err)),
      );
    },
    [leave],
  );
  // A reload in the same tab reconnects with what this tab keeps (gone when the tab closes).
  useEffect(() => {
    const stored = storedAuth();
    if (stored) connect(stored);
  }, [connect]);
  const onGone = useCallback(
    (err: unknown) => {
      if (err instanceof OpsError && err.status === 401) leave(OPS_TEXT.sessionEnded);
    },
    [leave],
  );

  const names = new Set(session?.commands.map((c) => c.name));
  const tabs = TABS.filter(
    (t) => (t.needs === null || names.has(t.needs)) && (t.tab !== 'password' || session?.auth.kind === 'session'),
  );
  const Panel = TABS.find((t) => t.tab === tab)?.Panel;
  return (
    <main className="ops">
      <header className="ops-head">
        <h1>{OPS_TEXT.title}</h1>
        {session && (
          <div className="ops-who">
            <span data-testid="ops-who">
              {OPS_TEXT.signedInAs} {session.me.name} · {OPS_TEXT.role} {session.me.role}
            </span>
            <button
              type="button"
              className="ops-link"
              onClick={() => {
                if (session.auth.kind === 'session') void signOut(session.auth).catch(() => undefined);
                leave(null);
              }}
            >
              {OPS_TEXT.signOut}
            </button>
          </div>
        )}
      </header>
      {!session ? (
        <>
          <OpsAlert text={notice} />
          <LoginForm onAuth={connect} />
        </>
      ) : (
        <>
          <nav className="ops-tabs" aria-label={OPS_TEXT.title}>
            {tabs.map((t) => (
              <button key={t.tab} type="button" aria-pressed={tab === t.tab} onClick={() => setTab(t.tab)}>
                {t.label}
              </button>
            ))}
          </nav>
          {Panel && <Panel auth={session.auth} commands={session.commands} onGone={onGone} />}
        </>
      )}
    </main>
  );
}
