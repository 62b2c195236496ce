// Vite plugin: the client's locale chunks leave out the sections only the server writes (no use in a browser).
import type { Plugin } from 'vite';

export const SERVER_SECTIONS = ['fields', 'notices', 'records', 'server', 'spread', 'staff'] as const;
/** The client does show these: its own notices screen, one toast, the code-watch hint. */
export const CLIENT_KEEPS = ['notices.code_not_sent', 'notices.errors', 'notices.screen', 'server.second_factor_on'];

export type Tree = { [key: string]: string | Tree };

/** A dotted path into a locale tree; undefined where it is not there. */
export function pick(tree: Tree, path: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
}

/** Dotted keys keep their place in the tree. */
export function put(tree: Tree, path: string, value: string | Tree): void {
  const parts = path.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Tree;
  node[parts[parts.length - 1] ?? ''] = value;
}

/** The kept keys stay at their place in the tree. */
export function clientTexts(all: Tree): Tree {
  const out: Tree = { ...all };
  for (const section of SERVER_SECTIONS) delete out[section];
  for (const keep of CLIENT_KEEPS) {
    const value = pick(all, keep);
    if (value !== undefined) put(out, keep, value);
  }
  return out;
}

const LOCALE = /[\\/]locales[\\/][a-z]+\.json$/;

export function serverTextsOut(): Plugin {
  return {
    name: 'tickwise-server-texts-out',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!LOCALE.test(id)) return null;
      return { code: JSON.stringify(clientTexts(JSON.parse(code) as Tree)), map: null };
    },
  };
}
