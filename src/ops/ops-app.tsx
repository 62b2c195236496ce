// The back-office page (docs/back-office.md "The page"); the session lives only in this tab's sessionStorage.
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import {
  AUTH_KEY,
  listCommands,
  OpsError,
  signOut,
  whoAmI,
  type OpsAuth,
  type OpsCommandInfo,
  type OpsMe,
} from './ops-api.ts';
import { CommandsTab } from './ops-commands.tsx';
import { LoginForm } from './ops-login.tsx';
import { ApprovalsPanel, AuditPanel, PasswordPanel, StaffPanel } from './ops-panels.tsx';
import { OpsAlert } from './ops-field.tsx';
import { failureText, OPS_TEXT } from './texts.ts';

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
