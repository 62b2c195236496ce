// Unknown language → hk (the product default); a key missing in it → English → the key itself.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../domain/types.ts';
import { interpolatedValue } from '../../domain/bidi.ts';

const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'locales');

type Tree = { [key: string]: string | Tree };
const cache = new Map<Language, Tree>();

function load(lang: Language): Tree {
  let tree = cache.get(lang);
  if (!tree) {
    try {
      tree = JSON.parse(readFileSync(join(LOCALES_DIR, `${lang}.json`), 'utf8')) as Tree;
    } catch {
      tree = {}; // a language not translated yet falls back to English per key
    }
    cache.set(lang, tree);
  }
  return tree;
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function pickLanguage(header: unknown): Language {
  const raw = (Array.isArray(header) ? header[0] : header) as unknown;
  if (typeof raw !== 'string') return DEFAULT_LANGUAGE;
  const code = raw.trim().toLowerCase() === 'tw' ? 'hk' : raw.trim().toLowerCase();
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : DEFAULT_LANGUAGE;
}

export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const text = lookup(load(lang), key) ?? lookup(load('en'), key) ?? key;
  // Each value isolated in a right-to-left language, as the client's i18next does (domain/bidi.ts).
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) =>
    name in params ? interpolatedValue(lang, params[name]) : m,
  );
}

/** For success messages the client shows as toasts. */
export function requestText(request: { headers: Record<string, unknown> }, key: string): string {
  return translate(pickLanguage(request.headers.lang), key);
}
