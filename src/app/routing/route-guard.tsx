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
