// One pure decision (docs/contract.md §2, §6).
import { loginPath, safeFrom } from '../../state/shell/navigator.ts';

export interface GuardedRoute {
  auth?: boolean | undefined;
  demoBlocked?: boolean | undefined;
  /** Nothing to do there for a signed-in real account. */
  guestOnly?: boolean | undefined;
}

export interface SessionView {
  loggedIn: boolean;
  isDemo: boolean;
}

export type GuardDecision =
  { kind: 'open' } | { kind: 'login'; to: string } | { kind: 'demo' } | { kind: 'away'; to: string };

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
