// Vite plugins for react-router's production build: one resolves it (its package points every condition at the
// development build), one lets the bundler drop the parts the app does not use. Its production build assigns
// `X.displayName = "…"` to every context and component at the top level and calls `React.forwardRef`/`createContext`/
// `memo` without a pure annotation, so the tree-shaker must keep <Link>, <Form>, <NavLink>, the prefetch and
// scroll-restoration code and every context they reach, used or not (about 4 KB gzip on the first screen). The
// transform removes the displayName lines (React DevTools names only) and marks those three calls pure. Its route error
// boundary also reads the React Server Components router's context (false unless an RSC router provides it, which a
// hash-routed SPA never does) to decode error digests and follow RSC redirects: the transform reads that context as
// false, so the RSC error handler, the digest decoders and what only they use drop out (0.8 KB gzip,
// bench/README.md "The first screen's bytes"). Nothing else in the file changes, so whatever the app uses behaves as before.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * react-router's package exports point every condition at its development build, so production bundles ship its
 * dev warnings (remix-run/react-router#14102, open). The build resolves the production files it also ships.
 */
export function reactRouterProduction(): Plugin {
  const file = (name: string) =>
    fileURLToPath(new URL(`../node_modules/react-router/dist/production/${name}`, import.meta.url));
  return {
    name: 'tickwise-react-router-production',
    config: (_config, { command }) =>
      command === 'build'
        ? {
            resolve: {
              alias: [
                { find: /^react-router$/, replacement: file('index.mjs') },
                { find: /^react-router\/dom$/, replacement: file('dom-export.mjs') },
              ],
            },
          }
        : null,
  };
}

const FILE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;

/** The file's code with the displayName assignments removed and the component/context factories marked pure. */
export function markReactRouterPure(code: string): string {
  return code
    .replace(/^[A-Za-z0-9_$]+\.displayName = "[^"]*";$/gm, '')
    .replace(/\b(React\d*)\.(forwardRef|createContext|memo)\(/g, '/* @__PURE__ */ $1.$2(')
    .replace(
      /\bif \(this\.context( && typeof error === "object"|\) \{\s*return [^;]*\bRSCErrorHandler\b)/g,
      'if (false$1',
    );
}

export function reactRouterPure(): Plugin {
  return {
    name: 'tickwise-react-router-pure',
    apply: 'build',
    transform(code, id) {
      return FILE.test(id) ? { code: markReactRouterPure(code), map: null } : null;
    },
  };
}
