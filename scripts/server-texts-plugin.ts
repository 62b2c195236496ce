// Vite plugin: the locale files are the client's and the server's (server/http/i18n.ts, server/notify/render.ts read
// the same locales/*.json), but the sections only the server writes (the e-mail and SMS notices, its `msg` texts, the
// back office's refusals, the ledger's record names) are no use in a browser. The client's copy of each language
// leaves them out: about 22 KB gzip over the 18 language chunks, 1.2 KB in the one a visitor loads (bench/README.md
// "The first screen's bytes"). tests/unit/scripts/server-texts-plugin.test.ts checks that the client names none of them.
import type { Plugin } from 'vite';

/** Sections (or dotted keys) the client never shows: the server's own texts. */
export const SERVER_SECTIONS = ['fields', 'notices', 'records', 'server', 'spread', 'staff'] as const;
/** Keys inside those sections that the client does show (its own notices screen, one toast, the code-watch hint). */
export const CLIENT_KEEPS = ['notices.code_not_sent', 'notices.errors', 'notices.screen', 'server.second_factor_on'];

type Tree = { [key: string]: string | Tree };

function pick(tree: Tree, path: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
}

function put(tree: Tree, path: string, value: string | Tree): void {
  const parts = path.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Tree;
  node[parts[parts.length - 1] ?? ''] = value;
}

/** The locale tree without the server's sections, but with the kept keys at their place. */
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
