// Route guards as one pure decision (SPEC §2, §6): login required → /login?from=…, demo accounts blocked.
import { loginPath } from '../state/navigator.ts';

export interface GuardedRoute {
  auth?: boolean | undefined;
  demoBlocked?: boolean | undefined;
}

export interface SessionView {
  loggedIn: boolean;
  isDemo: boolean;
}

export type GuardDecision = { kind: 'open' } | { kind: 'login'; to: string } | { kind: 'demo' };

/** `wanted` is the path with its query, e.g. "/mine/charge?type=1". A demo-blocked page also needs a login. */
export function decideGuard(route: GuardedRoute, session: SessionView, wanted: string): GuardDecision {
  const needsLogin = route.auth === true || route.demoBlocked === true;
  if (needsLogin && !session.loggedIn) return { kind: 'login', to: loginPath(wanted) };
  if (route.demoBlocked && session.isDemo) return { kind: 'demo' };
  return { kind: 'open' };
}
