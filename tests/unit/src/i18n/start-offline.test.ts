// i18next is a lazy chunk. A start-up in another language than hk whose chunk does not load (offline on a
// first visit) must still start the app, in hk's first texts, and switch to that language once a later try (a
// screen's chunk retry calls allTexts) brings i18next in.
import { describe, expect, it, vi } from 'vitest';

const failures = vi.hoisted(() => ({ left: 1 }));
vi.mock('../../../../src/i18n/engine.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../src/i18n/engine.ts')>();
  return {
    createEngine: async (changed: () => void) => {
      if (failures.left-- > 0) throw new Error('Failed to fetch dynamically imported module');
      return real.createEngine(changed);
    },
  };
});

const { $lang, allTexts, startI18n, translate } = await import('../../../../src/i18n/index.ts');

describe('start-up when i18next does not load', () => {
  it('starts in hk with the first texts, then switches to the chosen language once i18next is in', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await startI18n({ cookies: 'lang=en' })).toBe('hk');
    expect($lang.value).toBe('hk');
    expect(document.documentElement.lang).toBe('zh-Hant-HK');
    expect(translate('market.stale')).not.toBe('market.stale'); // hk's first texts
    expect(warn).toHaveBeenCalled();
    await allTexts(); // a screen's retry
    await vi.waitFor(() => expect($lang.value).toBe('en'));
    expect(document.documentElement.lang).toBe('en');
    expect(translate('errors.password_required')).toBe('Please enter your password');
    warn.mockRestore();
  });
});
