// `/` and `/trade` draw the desk at ≥ 1280 px without importing it: the router hands it down (desk-slot.ts), so the
// pages and src/app/ form no folder loop (docs/architecture.md "Rooms"). The page draws what it is handed when wide,
// its phone layout when narrow, and its phone layout when nothing is handed (mounted alone).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeskSlot } from '../../../../../src/components/hooks/desk-slot.ts';
import { MarketPage } from '../../../../../src/pages/market/market-page.tsx';
import { TradePage } from '../../../../../src/pages/trade/trade-page.tsx';
import { initI18n } from '../../../../../src/i18n/index.ts';
import { fakeServer, ok, type FakeServer } from '../../../api-fake-server.ts';
import { renderRoutes, type Rendered } from '../../../pages-render.tsx';

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

function FakeDesk() {
  return <div data-testid="fake-desk" />;
}

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

afterEach(async () => {
  await view?.unmount();
  view = null;
  server?.restore();
  server = null;
  vi.unstubAllGlobals();
});

const desks = (): number => view?.container.querySelectorAll('[data-testid="fake-desk"]').length ?? 0;

describe('the desk handed down to the wide pages', () => {
  it.each([
    ['/', <MarketPage key="m" />, '.mk-page'],
    ['/trade', <TradePage key="t" />, '.tr-page'],
  ])('%s draws the handed desk when wide, its phone layout when narrow', async (path, page, phone) => {
    server = fakeServer();
    server.on('GET', '/v1/api/forex/getCategories', ok([]));
    for (const [wide, drawn] of [
      [true, 1],
      [false, 0],
    ] as const) {
      viewport(wide);
      view = await renderRoutes(<DeskSlot.Provider value={FakeDesk}>{page}</DeskSlot.Provider>, path);
      expect(desks(), `wide=${wide}`).toBe(drawn);
      expect(view.container.querySelectorAll(phone).length, `wide=${wide}`).toBe(1 - drawn);
      await view.unmount();
      view = null;
    }
  });

  it('a page mounted with no desk handed draws its phone layout even when wide', async () => {
    server = fakeServer();
    server.on('GET', '/v1/api/forex/getCategories', ok([]));
    viewport(true);
    view = await renderRoutes(<MarketPage />, '/');
    expect(desks()).toBe(0);
    expect(view.container.querySelector('.mk-page')).not.toBeNull();
  });
});
