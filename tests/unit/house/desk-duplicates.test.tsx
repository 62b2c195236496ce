// The desk layout (≥ 1280 px) has one connection dot and one language globe, in its navigation bar: a screen's title
// bar and the market panel leave theirs out there (/order showed two of each), and keep them on a phone.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TitleBar } from '../../../src/components/nav/title-bar.tsx';
import { MarketPanel } from '../../../src/pages/market/market-panel.tsx';
import { initI18n } from '../../../src/i18n/index.ts';
import { fakeServer, ok, type FakeServer } from '../api-fake-server.ts';
import { renderRoutes, type Rendered } from '../pages-render.tsx';

let view: Rendered | null = null;
let server: FakeServer | null = null;

function viewport(wide: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('1280'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const count = (sel: string): number => view?.container.querySelectorAll(sel).length ?? 0;

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

afterEach(async () => {
  await view?.unmount();
  view = null;
  server?.restore();
  vi.unstubAllGlobals();
});

describe('one live dot and one globe on the desk', () => {
  it('a title bar shows the connection badge on a phone only', async () => {
    for (const [wide, dots] of [
      [false, 1],
      [true, 0],
    ] as const) {
      viewport(wide);
      view = await renderRoutes([{ path: '/order', element: <TitleBar titleKey="page.orders" conn /> }], '/order');
      expect(count('.conn-badge'), `wide=${wide}`).toBe(dots);
      await view.unmount();
      view = null;
    }
  });

  it('the market panel leaves connection, language and account to the desk navigation', async () => {
    server = fakeServer();
    server.on('GET', '/v1/api/forex/getCategories', ok([]));
    for (const [wide, each] of [
      [false, 1],
      [true, 0],
    ] as const) {
      viewport(wide);
      view = await renderRoutes([{ path: '/', element: <MarketPanel onPick={() => undefined} scrollKey="t" /> }], '/');
      expect([count('.conn-badge'), count('[data-testid="language-button"]')], `wide=${wide}`).toEqual([each, each]);
      expect(count('[data-testid="market-search"]')).toBe(1);
      await view.unmount();
      view = null;
    }
  });
});
