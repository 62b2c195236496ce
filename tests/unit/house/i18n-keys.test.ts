// Every locale file exists and has every key of the English master file (the translator fills the 16 others).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../domain/types.ts';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`),
  );
}

function load(lang: string): Tree | null {
  const file = resolve(__dirname, '../../../locales', `${lang}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Tree) : null;
}

const master = load('en');

describe('locale files', () => {
  it('the English master exists and has texts', () => {
    expect(master).not.toBeNull();
    expect(keys(master ?? {}).length).toBeGreaterThan(100);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s.json exists and has every key of en.json', (lang) => {
    const tree = load(lang);
    expect(tree, `locales/${lang}.json is missing`).not.toBeNull();
    const have = new Set(keys(tree ?? {}));
    const missing = keys(master ?? {}).filter((k) => !have.has(k));
    expect(missing, `locales/${lang}.json lacks ${missing.length} keys`).toEqual([]);
  });

  it.each(LANGUAGES)('%s.json keeps the {{placeholders}} of en.json', (lang) => {
    const tree = load(lang);
    if (!tree || !master) return; // reported by the test above
    const lookup = (t: Tree, key: string): string | undefined => {
      let node: string | Tree | undefined = t;
      for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
      return typeof node === 'string' ? node : undefined;
    };
    const vars = (s: string): string[] => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1] ?? '').sort();
    const wrong = keys(master).filter((k) => {
      const text = lookup(tree, k);
      return text !== undefined && vars(text).join() !== vars(lookup(master, k) ?? '').join();
    });
    expect(wrong).toEqual([]);
  });
});
