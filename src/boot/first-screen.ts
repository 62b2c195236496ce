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
