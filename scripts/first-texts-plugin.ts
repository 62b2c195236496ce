// Only the first screen's texts are bundled at start-up; a virtual module, as Rolldown gives a ?query import no names.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { pick, put, type Tree } from './server-texts-plugin.ts';

/** Whole sections, or single keys of a section the first screen draws a few texts of; the rest wait for i18next. */
export const FIRST_SECTIONS = [
  'common',
  'conn',
  'market',
  'nav',
  'page.language',
  'page.user',
  'page.news',
  'page.feedback',
  'watchlist',
  'alerts.row_hint',
  'retail.warning',
  'retail.warning_no_figure',
  'retail.warning_label',
] as const;

const ID = 'virtual:first-texts';
const RESOLVED = `\0${ID}`;

/** A name that is not in the file fails the build rather than shipping no texts. */
export function pickSections(all: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const out: Tree = {};
  for (const name of names) {
    const value = pick(all as Tree, name);
    if (value === undefined) throw new Error(`first-texts: locales/hk.json has no section "${name}"`);
    put(out, name, value);
  }
  return out;
}

/** A text i18next would read otherwise (plurals, nesting, formats) fails the build rather than showing differently. */
export function checkPlainTexts(sections: Record<string, unknown>, path = ''): void {
  for (const [key, value] of Object.entries(sections)) {
    const where = `${path}${key}`;
    if (/_(zero|one|two|few|many|other|ordinal_\w+|male|female)$/.test(key))
      throw new Error(`first-texts: ${where} is a plural or context key`);
    if (typeof value === 'object' && value !== null) checkPlainTexts(value as Record<string, unknown>, `${where}.`);
    else if (typeof value !== 'string') throw new Error(`first-texts: ${where} is not a text`);
    else if (value.includes('$t(') || value.replace(/\{\{\w+\}\}/g, '').includes('{{')) {
      throw new Error(`first-texts: ${where} needs more of i18next than {{name}} values: ${value}`);
    }
  }
}

export function firstTexts(): Plugin {
  const file = fileURLToPath(new URL('../locales/hk.json', import.meta.url));
  return {
    name: 'tickwise-first-texts',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const sections = pickSections(all, FIRST_SECTIONS);
      checkPlainTexts(sections);
      return `export default ${JSON.stringify(sections)};`;
    },
  };
}
