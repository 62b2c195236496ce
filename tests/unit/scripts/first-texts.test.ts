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
  it('the bundled module holds exactly the first sections (and single keys) of hk.json, unchanged', () => {
    const at = (tree: unknown, name: string): unknown =>
      name.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
    expect(Object.keys(firstTexts).sort()).toEqual([...new Set(FIRST_SECTIONS.map((n) => n.split('.')[0]))].sort());
    for (const name of FIRST_SECTIONS) expect(at(firstTexts, name), name).toEqual(at(hk, name));
    expect(leafKeys(firstTexts).length).toBe(
      FIRST_SECTIONS.reduce((n, name) => n + leafKeys({ x: at(hk, name) }).length, 0),
    );
    // The screens' big sections are not in it (the point of the split).
    expect(firstTexts).not.toHaveProperty('errors');
    expect(firstTexts).not.toHaveProperty('wallet');
  });

  it('a section name that is not in the file fails the build instead of shipping no texts', () => {
    expect(() => pickSections({ common: {} }, ['common', 'nope'])).toThrow(/no section "nope"/);
    expect(() => pickSections({ common: { a: 'x' } }, ['common.b'])).toThrow(/no section "common.b"/);
    expect(pickSections({ common: { a: 'x', b: 'y' }, other: 1 }, ['common.b'])).toEqual({ common: { b: 'y' } });
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
