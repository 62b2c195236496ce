// i18next is a lazy chunk (src/i18n/engine.ts); until it is in, the first screen's texts come from the
// bundled first sections (src/i18n/first-texts.ts). Those answers must be i18next's own, key by key; the hook draws
// again once i18next is in only when a component asked for a text the first sections do not hold.
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import firstTexts from 'virtual:first-texts';

// i18next comes in when the test says so: the app's dynamic import of the engine waits for this gate.
const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open() };
});
vi.mock('../../../../src/i18n/engine.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../src/i18n/engine.ts')>();
  return { createEngine: async (changed: () => void) => gate.opened.then(() => real.createEngine(changed)) };
});

const { allTexts, i18n, startI18n, translate } = await import('../../../../src/i18n/index.ts');
const { firstText } = await import('../../../../src/i18n/first-texts.ts');
const { useTranslation } = await import('../../../../src/i18n/use-translation.ts');
const { checkPlainTexts } = await import('../../../../scripts/first-texts-plugin.ts');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function leaves(obj: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]): [string, string][] =>
    typeof v === 'object' && v !== null
      ? leaves(v as Record<string, unknown>, `${prefix}${k}.`)
      : [[`${prefix}${k}`, String(v)]],
  );
}
/** A value for each `{{name}}` of a text: a code-like one and a number, as the screens pass them. */
const valuesOf = (text: string): Record<string, unknown> =>
  Object.fromEntries([...text.matchAll(/\{\{(\w+)\}\}/g)].map(([, name], i) => [name, i % 2 ? 3 : 'EURUSD']));

let draws = 0;
function Probe({ k }: { k: string }): ReactElement {
  const { t } = useTranslation();
  draws++;
  return <span>{t(k)}</span>;
}
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

describe('the first screen before i18next is in', () => {
  it('start-up in hk resolves without i18next, and the texts come from the first sections with their values', async () => {
    expect(await startI18n({ cookies: '' })).toBe('hk');
    expect(i18n.exists('market.stale')).toBe(true);
    expect(translate('watchlist.add', { code: 'EURUSD' })).toBe('將 EURUSD 加入自選');
    expect(translate('watchlist.add')).toBe('將 {{code}} 加入自選'); // a value not given keeps its placeholder
    expect(translate('errors.internal')).toBe('errors.internal'); // not a first-screen text: the key, as i18next answers
    // A screen drawn without waiting (the desk's instrument sheet searches English names too) gets the current texts.
    expect(i18n.getFixedT('en')('market.stale')).toBe(translate('market.stale'));
  });

  it('a component draws from them, and draws again when i18next brings a text it asked for', async () => {
    const host = document.createElement('div');
    root = createRoot(host);
    draws = 0;
    act(() =>
      root?.render(
        <>
          <Probe k="market.stale" />
          <Probe k="errors.internal" />
        </>,
      ),
    );
    expect(host.textContent).toBe(`${firstText('market.stale')}errors.internal`);
    expect(draws).toBe(2);
    gate.open();
    await act(async () => allTexts());
    expect(host.textContent).not.toContain('errors.internal'); // the whole hk file is in
    expect(draws).toBeGreaterThan(2);
  });

  it('every first-screen text is what i18next says for it, with and without its values', async () => {
    gate.open();
    await allTexts();
    const all = leaves(firstTexts);
    expect(all.length).toBeGreaterThan(30);
    for (const [key, text] of all) {
      expect(firstText(key, valuesOf(text)), key).toBe(i18n.t(key, valuesOf(text)));
      expect(firstText(key), key).toBe(i18n.t(key));
      // A value passed but not there yet (a screen drawn before its data) is left out, not shown as "{{name}}".
      for (const missing of [undefined, null]) {
        const given = Object.fromEntries(Object.keys(valuesOf(text)).map((name) => [name, missing]));
        expect(firstText(key, given), `${key} ${String(missing)}`).toBe(i18n.t(key, given));
      }
    }
  });
});

describe('the build refuses first-screen texts that need more of i18next', () => {
  it.each([
    [{ a: { n_one: 'one', n_other: 'many' } }, /plural/],
    [{ a: { b: 'see $t(other.key)' } }, /more of i18next/],
    [{ a: { b: 'at {{time, datetime}}' } }, /more of i18next/],
    [{ a: { b: 'raw {{- html}}' } }, /more of i18next/],
  ])('%j', (sections, message) => {
    expect(() => checkPlainTexts(sections)).toThrow(message);
  });

  it('plain texts and {{name}} values pass', () => {
    expect(() => checkPlainTexts({ a: { b: 'plain', c: 'add {{code}} at {{position}}' } })).not.toThrow();
  });
});
