// An instrument's shown code (docs/content.md "Languages"): a symbol stays as sent; an energy contract whose ShowCode
// is English words ("WTI Oil", "Brent Oil", "Natural Gas") is shown by its name in each of the 18 languages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../../domain/types.ts';
import { shownCode } from '../../../../../src/components/instrument/instrument-code.tsx';
import type { TFunction } from '../../../../../src/i18n/index.ts';

type Tree = { [k: string]: string | Tree };
const names = (lang: string): Record<string, string> =>
  (JSON.parse(readFileSync(join(process.cwd(), 'locales', `${lang}.json`), 'utf8')) as Tree).instrument_names as Record<
    string,
    string
  >;
const tFor = (lang: string): TFunction =>
  ((key: string) => names(lang)[key.replace('instrument_names.', '')] ?? key) as TFunction;

describe('shown codes', () => {
  it('keeps a symbol as the server sends it', () => {
    expect(shownCode(tFor('hk'), 'EURUSD', 'EUR/USD')).toBe('EUR/USD');
  });

  it('shows WTI Oil, Brent Oil and Natural Gas in the trader’s language, in all 18', () => {
    const energy = { USOIL: 'WTI Oil', UKOIL: 'Brent Oil', NGAS: 'Natural Gas' };
    for (const lang of LANGUAGES) {
      for (const [code, show] of Object.entries(energy)) {
        const shown = shownCode(tFor(lang), code, show);
        expect(shown, `${lang} ${code}`).toBe(names(lang)[code]);
        if (lang !== 'en') expect(shown, `${lang} ${code}: an English copy`).not.toBe(names('en')[code]);
      }
    }
    expect(shownCode(tFor('hk'), 'NGAS', 'Natural Gas')).toBe('天然氣');
  });
});

describe('one word for one action', () => {
  it('the subscribe page’s title and its button say the same word, in all 18 languages', () => {
    for (const lang of LANGUAGES) {
      const tree = JSON.parse(readFileSync(join(process.cwd(), 'locales', `${lang}.json`), 'utf8')) as Tree;
      const title = (tree.page as Tree).mining_subscribe;
      const button = (tree.mining as Tree).subscribe;
      expect(title, lang).toBe(button);
    }
  });
});
