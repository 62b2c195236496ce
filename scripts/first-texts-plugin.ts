// Only the first screen's texts are bundled at start-up; a virtual module, as Rolldown gives a ?query import no names.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

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

/** Dotted keys keep their place in the tree. */
export function pickSections(all: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const path = name.split('.');
    let from: unknown = all;
    let to = out;
    path.forEach((part, i) => {
      if (typeof from !== 'object' || from === null || !(part in from))
        throw new Error(`first-texts: locales/hk.json has no section "${name}"`);
      from = (from as Record<string, unknown>)[part];
      if (i < path.length - 1) to = (to[part] ??= {}) as Record<string, unknown>;
      else to[part] = from;
    });
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
