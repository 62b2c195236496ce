// For code outside components (the API client's 999 redirect): the router registers itself here.

export interface Navigator {
  navigate(to: string, opts?: { replace?: boolean }): void;
  /** With its query, e.g. "/trade?x=1". */
  path(): string;
}

// Before the router exists (or in tests without one) the hash is the route.
const hashNavigator: Navigator = {
  navigate: (to) => {
    window.location.hash = `#${to}`;
  },
  path: () => window.location.hash.replace(/^#/, '') || '/',
};

let current: Navigator = hashNavigator;

export function setNavigator(n: Navigator | null): void {
  current = n ?? hashNavigator;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  current.navigate(to, opts);
}

export function currentPath(): string {
  return current.path();
}

/** docs/contract.md §2. */
export function loginPath(from: string): string {
  return from && from !== '/' ? `/login?from=${encodeURIComponent(from)}` : '/login';
}

/** Only an in-app path (no scheme, no //host), and never back to /login. */
export function safeFrom(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (from === '/login' || from.startsWith('/login?')) return '/';
  return from;
}
