// Vite plugin: `virtual:first-texts` is the default language's (hk) sections the first screen draws, so only they
// are bundled on the first screen; src/i18n/index.ts loads i18next with the whole file as a lazy chunk right after
// start-up, and until then src/i18n/first-texts.ts answers from these sections.
// Rolldown reads JSON natively and gives a query-suffixed import no named exports, hence a virtual module.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * What the first screen (the market list with its tab bar, title, connection badge and favourite stars) draws: whole
 * sections, or single keys of a section the first screen draws a few texts of (the list's hidden hint for the price
 * alert gesture; of the pages' titles, the header buttons' labels, the desk nav's news link and the feedback
 * placeholder, the screens that do not wait for i18next: the others' titles are drawn after it, lazy-page.tsx).
 * The rare DEMO mark (product.demo_mark) and the desktop nav's fund label (mining.title) draw again once i18next has
 * brought the whole file.
 */
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
] as const;

const ID = 'virtual:first-texts';
const RESOLVED = `\0${ID}`;

/** The named sections (or dotted keys, kept at their place in the tree) of the file. */
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

/**
 * Before i18next is in, src/i18n/first-texts.ts answers for these texts with a plain look-up and `{{name}}` values;
 * anything i18next would treat otherwise (plural or context keys, nesting `$t(…)`, a format or unescaped value
 * `{{- x}}`, `{{x, number}}`) fails the build rather than showing differently until i18next has loaded.
 */
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
