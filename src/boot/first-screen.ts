// The screens index.html carries prerendered (src/boot/prerender.tsx), and which one a hash asks for.

export type FirstScreenPath = '/' | '/trade';
export const FIRST_SCREENS: readonly FirstScreenPath[] = ['/', '/trade'];

/** The route path of a location hash ("#/trade?code=X" → "/trade"); "" and "#" are "/". */
export function hashPath(hash: string): string {
  const path = hash.replace(/^#/, '').split(/[?#]/)[0] ?? '';
  return path === '' ? '/' : path;
}

/** The prerendered screen for a hash, or null when the hash asks for another route. */
export function firstScreenFor(hash: string): FirstScreenPath | null {
  const path = hashPath(hash);
  return (FIRST_SCREENS as readonly string[]).includes(path) ? (path as FirstScreenPath) : null;
}

/** The instrument a /trade link asks for ("#/trade?code=XAUUSD" → "XAUUSD"; a price alert's link), or null. */
export function hashCode(hash: string): string | null {
  const query = hash.replace(/^#/, '').split('?')[1]?.split('#')[0];
  if (!query) return null;
  const code = new URLSearchParams(query).get('code');
  return code === null || code === '' ? null : code;
}
