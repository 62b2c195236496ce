// Vite plugin: lets the bundler drop the parts of react-router the app does not use. Its production build assigns
// `X.displayName = "…"` to every context and component at the top level and calls `React.forwardRef`/`createContext`/
// `memo` without a pure annotation, so the tree-shaker must keep <Link>, <Form>, <NavLink>, the prefetch and
// scroll-restoration code and every context they reach, used or not (about 4 KB gzip on the first screen). The
// transform removes the displayName lines (React DevTools names only) and marks those three calls pure; nothing else
// in the file changes, so whatever the app imports behaves as before.
import type { Plugin } from 'vite';

const FILE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;

/** The file's code with the displayName assignments removed and the component/context factories marked pure. */
export function markReactRouterPure(code: string): string {
  return code
    .replace(/^[A-Za-z0-9_$]+\.displayName = "[^"]*";$/gm, '')
    .replace(/\b(React\d*)\.(forwardRef|createContext|memo)\(/g, '/* @__PURE__ */ $1.$2(');
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
