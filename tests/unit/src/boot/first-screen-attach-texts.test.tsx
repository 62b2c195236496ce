// i18next is not among the first screen's bytes (src/i18n/engine.ts is a lazy chunk), so React attaches to
// the prerendered `/` before it is in, with the bundled first texts (src/i18n/first-texts.ts): the attach must keep
// the HTML as it is (no recoverable error, the same nodes, the interpolated labels the build wrote), and i18next
// coming in afterwards must not redraw it.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { NavigationDeps } from '../../../../src/app/routing/navigation-effects.ts';

// i18next comes in when the test says so: while `held`, the app's dynamic import of the engine waits.
const gate = vi.hoisted(() => ({ held: false, waiting: [] as (() => void)[] }));
vi.mock('../../../../src/i18n/engine.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../src/i18n/engine.ts')>();
  return {
    createEngine: async (changed: () => void) => {
      if (gate.held) await new Promise<void>((resolve) => gate.waiting.push(resolve));
      return real.createEngine(changed);
    },
  };
});

// The app is unmounted after the test, so nothing of it logs once the file is done (vitest's worker may be closing by
// then); its requests fail at once, as tests/unit/setup.ts refuses the page's origin.
let unmount = (): void => undefined;
afterAll(() => unmount());

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NO_NAVIGATION: NavigationDeps = {
  refreshTradeList: async () => [],
  startFeed: async () => undefined,
  feedConfig: () => new Promise(() => undefined),
};

describe('attaching to the prerendered market list before i18next is in', () => {
  it('keeps the HTML and its texts, and i18next arriving later redraws nothing', async () => {
    // The build's side: its own module graph, i18next loaded (as scripts/prerender-plugin.ts runs it).
    const { prerenderScreen, warningTexts } = await import('../../../../src/boot/prerender.tsx');
    const { buildCatalogue } = await import('../../../../scripts/prerender-catalogue.ts');
    const catalogue = buildCatalogue();
    const markup = await prerenderScreen('/', catalogue);
    const warning = warningTexts();
    // React (not reloaded below) keeps the server renderer's last context values: an empty render resets them, as in
    // first-screen-prerender.test.tsx.
    const { prerender } = await import('react-dom/static');
    const { Fragment, createElement: h } = await import('react');
    await prerender(h(Fragment));

    // The browser's side: a fresh module graph whose i18next has not arrived.
    vi.resetModules();
    gate.held = true;
    const { act, createElement } = await import('react');
    const { hydrateRoot } = await import('react-dom/client');
    const { App } = await import('../../../../src/app/app.tsx');
    const { prepareAttach } = await import('../../../../src/boot/attach-first-screen.ts');
    const { BOOT_DATA_ID, paintWarning } = await import('../../../../src/boot/first-paint.ts');
    const { FIRST_QUOTES_ID } = await import('../../../../domain/first-quotes.ts');
    const { allTexts, startI18n, translate } = await import('../../../../src/i18n/index.ts');
    const data = {
      catalogue,
      tradeCode: 'EURUSD',
      lang: 'hk',
      tag: 'zh-Hant-HK',
      asOf: '截至 {{time}}',
      stale: '延遲',
    };
    const served = { t: 1, q: [], w: { shown: true, percent: 74, computed_at: 1 } };
    document.body.innerHTML = `<div id="root" data-pre="/">${markup}</div><script type="application/json" id="${BOOT_DATA_ID}">${JSON.stringify(data)}</script><script type="application/json" id="${FIRST_QUOTES_ID}">${JSON.stringify(served)}</script>`;
    const el = document.getElementById('root')!;
    paintWarning(el, served.w, warning); // the inline script, with the build's texts
    const aside = el.querySelector('aside.risk-warning');
    const warningText = aside?.textContent;
    expect(warningText).toContain('74');
    window.__twBoot = Promise.resolve({ quotes: [], warning: null });
    window.location.hash = '#/';
    expect(await startI18n({ cookies: '' })).toBe('hk'); // resolves without i18next
    expect(translate('errors.internal')).toBe('errors.internal'); // not in yet: a non-first text is still its key

    const star = el.querySelector<HTMLElement>('.wl-star');
    const label = star?.getAttribute('aria-label');
    expect(label).toMatch(/^將 \S+ 加入自選$/); // watchlist.add with its {{code}}, as the build wrote it
    const row = el.querySelector('.mk-row[data-code="EURUSD"]');
    const errors: unknown[] = [];
    const complaints = vi.spyOn(console, 'error');
    expect(await prepareAttach(document, window)).toBe(true);
    await act(async () => {
      const root = hydrateRoot(el, createElement(App, { navigation: NO_NAVIGATION }), {
        onRecoverableError: (e) => void errors.push(e),
      });
      unmount = () => act(() => root.unmount());
    });
    await act(async () => undefined);
    expect(errors.map(String)).toEqual([]);
    expect(complaints.mock.calls.filter((args) => /hydrat|did not match|server/i.test(String(args[0])))).toEqual([]);
    expect(translate('errors.internal')).toBe('errors.internal'); // attached with i18next still out
    expect(el.querySelector('.mk-row[data-code="EURUSD"]')).toBe(row);
    expect(star?.getAttribute('aria-label')).toBe(label);
    expect(el.querySelector('aside.risk-warning')).toBe(aside); // its texts are first texts too
    expect(aside?.textContent).toBe(warningText);

    // i18next arrives: the texts are the same, the nodes stay.
    await act(async () => {
      gate.held = false;
      for (const go of gate.waiting.splice(0)) go();
      await allTexts();
    });
    expect(translate('errors.internal')).not.toBe('errors.internal');
    expect(el.querySelector('.mk-row[data-code="EURUSD"]')).toBe(row);
    expect(star?.isConnected).toBe(true);
    expect(star?.getAttribute('aria-label')).toBe(label);
    complaints.mockRestore();
    window.location.hash = '';
  });
});
