// An address without a hash route would show the market page: moved before the router starts (docs/contract.md §2).

/** null when it needs no move (it has a hash route, or no app route matches). */
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

/** No reload, no history entry; answers whether it moved. */
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
