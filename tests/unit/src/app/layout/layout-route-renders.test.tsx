// A route change renders what follows the route, not the app frame's extras (src/app/layout/layout-extras.tsx): the
// toasts, the update prompt, the loading overlay and the alerts sheet each follow signals of their own, and before
// they were memoised every tab switch rendered them all again (bench/interactions/README.md: the route changes'
// renders). Counted by stand-ins for the toasts' host and the alerts sheet; no timing.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';

const renders = { toasts: 0, alertsSheet: 0 };
vi.mock('../../../../../src/components/overlays/toast.tsx', () => ({
  ToastHost: () => {
    renders.toasts++;
    return null;
  },
}));
vi.mock('../../../../../src/pages/alerts/alerts-sheet.tsx', () => ({
  AlertsSheet: () => {
    renders.alertsSheet++;
    return null;
  },
}));

const { AppRoutes } = await import('../../../../../src/app/routing/router.tsx');
const { renderRoutes, settle } = await import('../../../pages-render.tsx');
const { Where, startInEnglish } = await import('../../../page-suite.tsx');
const { openAlertSheet, closeAlertSheet } = await import('../../../../../src/state/alerts/alert-sheet.ts');
const { EURUSD } = await import('../../../orders-fixtures.ts');
const { signIn, signOut } = await import('../../../../../src/state/account/session.ts');
import type { AppRoute } from '../../../../../src/app/routes.tsx';
import type { Rendered } from '../../../pages-render.tsx';
import type { AppLayoutProps } from '../../../../../src/app/layout/layout.tsx';

const ROUTES: AppRoute[] = [
  { path: '/', element: <Where name="market" />, footer: true, keepAlive: true },
  { path: '/trade', element: <Where name="trade" />, footer: true },
  { path: '/news', element: <Where name="news" />, footer: true },
];
const navigation: AppLayoutProps['navigation'] = {
  refreshTradeList: vi.fn(async () => []),
  startFeed: vi.fn(async () => undefined),
  feedConfig: async () => ({ wsUrl: 'ws://x/v1/ws' }) as never,
};
let view: Rendered | null = null;

beforeAll(startInEnglish);
afterEach(async () => {
  await view?.unmount();
  view = null;
  signOut();
});

describe('a route change and the app frame’s extras', () => {
  it('renders neither the toasts’ host nor the alerts sheet again', async () => {
    signIn({ token: 't', user: { id: 1, uid: 'U1', email: 'r@x.co', mobile: '', is_demo: 0, invite_code: 'A' } });
    view = await renderRoutes(<AppRoutes routes={ROUTES} navigation={navigation} />, '/');
    await act(async () => vi.dynamicImportSettled());
    await settle();
    // The alerts sheet opened once (its code loaded), then closed: it stays mounted, drawing nothing.
    act(() => openAlertSheet(EURUSD));
    await act(async () => vi.dynamicImportSettled());
    await settle();
    expect(renders.alertsSheet).toBeGreaterThan(0);
    act(() => closeAlertSheet());
    await settle();
    expect(renders.toasts).toBeGreaterThan(0);
    const before = { ...renders };
    for (const to of ['/trade', '/news', '/', '/trade']) {
      await act(async () => view?.navigate(to));
      await settle();
      expect(view.container.querySelector('[data-testid="where"]:not([hidden] *)')?.textContent).toContain(to);
    }
    expect(renders).toEqual(before);
  });
});
