import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { $isDemo, $loggedIn } from '../../state/account/session.ts';
import { toast } from '../../state/shell/toasts.ts';
import { useGoBack } from '../../components/nav/use-go-back.ts';
import { loginPath, safeFrom } from '../../state/shell/navigator.ts';
import type { AppRoute } from '../routes.tsx';

// One pure decision (docs/contract.md §2, §6).
type GuardedRoute = Pick<AppRoute, 'auth' | 'demoBlocked' | 'guestOnly'>;
type SessionView = { loggedIn: boolean; isDemo: boolean };

export type GuardDecision =
  | { kind: 'open' }
  | { kind: 'login'; to: string }
  | { kind: 'demo' }
  | { kind: 'away'; to: string };

/** `wanted` is the path with its query, e.g. "/mine/charge?type=1". A demo-blocked page also needs a login. */
export function decideGuard(route: GuardedRoute, session: SessionView, wanted: string): GuardDecision {
  // A demo account may stay: the demo-blocked pages ask it to register or log in to a real account.
  if (route.guestOnly && session.loggedIn && !session.isDemo) {
    const from = new URLSearchParams(wanted.split('?')[1] ?? '').get('from');
    return { kind: 'away', to: from ? safeFrom(from) : '/user' };
  }
  const needsLogin = route.auth === true || route.demoBlocked === true;
  if (needsLogin && !session.loggedIn) return { kind: 'login', to: loginPath(wanted) };
  if (route.demoBlocked && session.isDemo) return { kind: 'demo' };
  return { kind: 'open' };
}

function DemoBlocked(): null {
  const { t } = useTranslation();
  const goBack = useGoBack('/user');
  const done = useRef(false); // StrictMode runs effects twice: go back once only
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast(t('errors.real_account_required'));
    goBack();
  }, [t, goBack]);
  return null;
}

export function RouteGuard({ route, children }: { route: GuardedRoute; children: ReactNode }): ReactElement {
  useSignals();
  const location = useLocation();
  const session = { loggedIn: $loggedIn.value, isDemo: $isDemo.value };
  // A guest-only page judges the session of this visit, so signing in on /login does not race its own redirect.
  const [opened, setOpened] = useState({ location, session });
  if (opened.location !== location) setOpened({ location, session });
  const openedWith = opened.location === location ? opened.session : session;
  const decision = decideGuard(route, route.guestOnly ? openedWith : session, `${location.pathname}${location.search}`);
  if (decision.kind === 'login' || decision.kind === 'away') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'demo') return <DemoBlocked />;
  return <>{children}</>;
}
