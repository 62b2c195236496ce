// Applies decideGuard to a route element: visitor → /login?from=…, demo account → the real-account message.
import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { $isDemo, $loggedIn } from '../../state/account/session.ts';
import { toast } from '../../state/shell/toasts.ts';
import { useGoBack } from '../../components/nav/use-go-back.ts';
import { decideGuard, type GuardedRoute } from './guards.ts';

function DemoBlocked(): null {
  const { t } = useTranslation();
  const goBack = useGoBack('/user');
  const done = useRef(false); // StrictMode runs effects twice: go back once only
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast(t('errors.real_account_required'));
    goBack(); // the page does not open: back to where the user came from
  }, [t, goBack]);
  return null;
}

export function RouteGuard({ route, children }: { route: GuardedRoute; children: ReactNode }): ReactElement {
  useSignals();
  const location = useLocation();
  const session = { loggedIn: $loggedIn.value, isDemo: $isDemo.value };
  // A guest-only page (/login) judges the session it was opened with: signing in on it must not race its own
  // navigation to `from` with a guard redirect. "Opened" is this visit, one location object per navigation (not its
  // key: a hash typed or set from outside carries none): opening /login again judges afresh, even when the page the
  // login led to never drew in between (its code still loading, React kept showing this guard's page).
  const [opened, setOpened] = useState({ location, session });
  if (opened.location !== location) setOpened({ location, session });
  const openedWith = opened.location === location ? opened.session : session;
  const decision = decideGuard(route, route.guestOnly ? openedWith : session, `${location.pathname}${location.search}`);
  if (decision.kind === 'login' || decision.kind === 'away') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'demo') return <DemoBlocked />;
  return <>{children}</>;
}
