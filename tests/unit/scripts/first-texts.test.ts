// The default language split in two (scripts/first-texts-plugin.ts, src/i18n/index.ts): the first screen's sections
// bundled, the whole file loaded once after start-up, and every lazy screen but the first waiting for it.
import { describe, expect, it } from 'vitest';
import firstTexts from 'virtual:first-texts';
import hk from '../../../locales/hk.json';
import { FIRST_SECTIONS, pickSections } from '../../../scripts/first-texts-plugin.ts';
import { allTexts, i18n, initI18n } from '../../../src/i18n/index.ts';

function leafKeys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? leafKeys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('the first screen texts', () => {
  it('the bundled module holds exactly the first sections of hk.json, unchanged', () => {
    expect(Object.keys(firstTexts).sort()).toEqual([...FIRST_SECTIONS].sort());
    for (const name of FIRST_SECTIONS) expect(firstTexts[name]).toEqual((hk as Record<string, unknown>)[name]);
    // The screens' big sections are not in it (the point of the split).
    expect(firstTexts).not.toHaveProperty('errors');
    expect(firstTexts).not.toHaveProperty('wallet');
  });

  it('a section name that is not in the file fails the build instead of shipping no texts', () => {
    expect(() => pickSections({ common: {} }, ['common', 'nope'])).toThrow(/no section "nope"/);
  });

  it('after allTexts every hk key resolves to its text', async () => {
    await initI18n({ cookies: 'lang=hk' });
    await allTexts();
    const keys = leafKeys(hk as Record<string, unknown>);
    expect(keys.length).toBeGreaterThan(300);
    for (const key of keys) expect(i18n.t(key), key).not.toBe(key);
    expect(i18n.t('wallet.available')).toBe((hk as { wallet: { available: string } }).wallet.available);
  });
});
