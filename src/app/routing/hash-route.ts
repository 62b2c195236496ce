// The app routes with the hash (docs/contract.md §2), so a typed or shared address without one ("/register", "/login?from=/trade")
// would show the market page with the path ignored. Such an address is moved to its hash route before the router
// starts: the same page, no reload, no history entry.

/** The hash-route address for `href`, or null when it needs no move (it has a hash route, or no app route matches). */
export function hashRouteFor(href: string, routePaths: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.hash !== '' && url.hash !== '#' && url.hash !== '#/') return null;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (path === '/' || !routePaths.includes(path)) return null;
  return `/#${path}${url.search}`;
}

/** Moves the page to its hash route when hashRouteFor says so; answers whether it did. */
export function moveToHashRoute(
  loc: Pick<Location, 'href'>,
  hist: Pick<History, 'replaceState'>,
  routePaths: readonly string[],
): boolean {
  const to = hashRouteFor(loc.href, routePaths);
  if (to === null) return false;
  hist.replaceState(null, '', to);
  return true;
}
