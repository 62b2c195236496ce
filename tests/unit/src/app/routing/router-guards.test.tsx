// Routing (docs/contract.md §2): login guard with from, demo guard, unknown → /, per-navigation work, keep-alive of /.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, useState, type ReactElement } from 'react';
import { AppRoutes, NavigatorBridge } from '../../../../../src/app/routing/router.tsx';
import { currentPath, navigateTo } from '../../../../../src/state/shell/navigator.ts';
import { decideGuard } from '../../../../../src/app/routing/route-guard.tsx';
import { hashRouteFor, moveToHashRoute } from '../../../../../src/app/routing/hash-route.ts';
import { ROUTES, type AppRoute } from '../../../../../src/app/routes.tsx';
import type { NavigationDeps } from '../../../../../src/app/routing/navigation-effects.ts';
import { activeTab } from '../../../../../src/components/nav/tabs.tsx';
import { signIn, signOut } from '../../../../../src/state/account/session.ts';
import { $toasts } from '../../../../../src/state/shell/toasts.ts';
import { $conn } from '../../../../../src/state/feed/feed-signals.ts';
import type { FeedConfig } from '../../../../../workers/protocol.ts';
import { click, renderRoutes, settle, type Rendered } from '../../../pages-render.tsx';
import { Where, startInEnglish } from '../../../page-suite.tsx';
import { signal } from '@preact/signals-react';
import { LiveText } from '../../../../../src/components/text/live-text.tsx';
import { slow } from '../../../../fixtures/slowness.ts';

const REAL = { id: 1, uid: 'U1', email: 'r@x.co', mobile: '', is_demo: 0 as const, invite_code: 'A' };
const DEMO = { ...REAL, id: 2, is_demo: 1 as const };

// A live figure on the kept-alive page, as a market row's price is: whether anything listens to it shows in `watching`.
let watching = 0;
const $price = signal('1.00', { watched: () => void watching++, unwatched: () => void watching-- });

let homeMounts = 0;
function Home(): ReactElement {
  // Counts mounts and keeps typed state, so keep-alive is observable.
  const [mountId] = useState(() => ++homeMounts);
  const [count, setCount] = useState(0);
  return (
    <div data-testid="home">
      <span data-testid="mount">{mountId}</span>
      <button type="button" data-testid="inc" onClick={() => setCount((c) => c + 1)}>
        {count}
      </button>
      <LiveText $text={$price} field="price" />
    </div>
  );
}

const TEST_ROUTES: AppRoute[] = [
  { path: '/', element: <Home />, footer: true, keepAlive: true },
  { path: '/trade', element: <Where name="trade" />, footer: true },
  { path: '/order', element: <Where name="orders" />, auth: true, footer: true },
  { path: '/user', element: <Where name="user" />, auth: true },
  { path: '/login', element: <Where name="login" />, guestOnly: true },
  { path: '/register', element: <Where name="register" />, guestOnly: true },
  { path: '/mine/charge', element: <Where name="charge" />, auth: true, demoBlocked: true },
  { path: '/news', element: <Where name="news" /> },
];

let nav: NavigationDeps & { refreshTradeList: ReturnType<typeof vi.fn>; startFeed: ReturnType<typeof vi.fn> };
let view: Rendered | null = null;

async function open(path: string, routes: readonly AppRoute[] = TEST_ROUTES): Promise<Rendered> {
  view = await renderRoutes(<AppRoutes routes={routes} navigation={nav} />, path);
  return view;
}

/** The routes with the navigator code outside components uses (navigateTo), at `path`. */
async function openWithNavigator(path: string): Promise<Rendered> {
  view = await renderRoutes(
    <>
      <NavigatorBridge />
      <AppRoutes routes={TEST_ROUTES} navigation={nav} />
    </>,
    path,
  );
  return view;
}

function where(): string {
  return view?.container.querySelector('[data-testid="where"]')?.textContent ?? '';
}

function path(): string {
  const loc = view?.location();
  return loc ? `${loc.pathname}${loc.search}` : '';
}

async function go(to: string): Promise<void> {
  await act(async () => {
    view?.navigate(to);
  });
  await settle();
}

beforeAll(startInEnglish);

beforeEach(() => {
  signOut();
  $toasts.value = [];
  homeMounts = 0;
  nav = {
    refreshTradeList: vi.fn(async () => []),
    startFeed: vi.fn(async () => undefined),
    feedConfig: async () => ({ wsUrl: 'ws://x/v1/ws' }) as FeedConfig,
  };
});

afterEach(async () => {
  await view?.unmount();
  view = null;
});

describe('decideGuard', () => {
  const visitor = { loggedIn: false, isDemo: false };
  const real = { loggedIn: true, isDemo: false };
  const demo = { loggedIn: true, isDemo: true };

  it('sends a visitor to /login with the wanted path (and its query) in from', () => {
    expect(decideGuard({ auth: true }, visitor, '/order?type=1')).toEqual({
      kind: 'login',
      to: '/login?from=%2Forder%3Ftype%3D1',
    });
    expect(decideGuard({ demoBlocked: true }, visitor, '/mine/charge')).toEqual({
      kind: 'login',
      to: '/login?from=%2Fmine%2Fcharge',
    });
  });

  it('blocks demo accounts from demo-blocked pages only', () => {
    expect(decideGuard({ auth: true, demoBlocked: true }, demo, '/mine/charge')).toEqual({ kind: 'demo' });
    expect(decideGuard({ auth: true }, demo, '/order')).toEqual({ kind: 'open' });
    expect(decideGuard({ auth: true, demoBlocked: true }, real, '/mine/charge')).toEqual({ kind: 'open' });
    expect(decideGuard({}, visitor, '/news')).toEqual({ kind: 'open' });
  });
});

// "/register" and "/login" without the hash showed the market page; /#/login while signed in
// showed the login form.
describe('routes without the hash, and the login page while signed in', () => {
  const paths = ROUTES.map((r) => r.path);

  it('moves /register, /login?from=… and /mine/withdraw to their hash routes, and leaves the rest alone', () => {
    expect(hashRouteFor('https://m.example.com/register', paths)).toBe('/#/register');
    expect(hashRouteFor('https://m.example.com/login?from=%2Ftrade', paths)).toBe('/#/login?from=%2Ftrade');
    expect(hashRouteFor('https://m.example.com/register/?invite_code=AB12', paths)).toBe(
      '/#/register?invite_code=AB12',
    );
    expect(hashRouteFor('https://m.example.com/mine/withdraw', paths)).toBe('/#/mine/withdraw');
    expect(hashRouteFor('https://m.example.com/', paths)).toBeNull();
    expect(hashRouteFor('https://m.example.com/#/login', paths)).toBeNull();
    expect(hashRouteFor('https://m.example.com/register#/trade', paths)).toBeNull(); // a hash route wins
    expect(hashRouteFor('https://m.example.com/no-such-page', paths)).toBeNull();
    const replaced: string[] = [];
    const hist = {
      replaceState: (_d: unknown, _t: string, url?: string | URL | null) => void replaced.push(String(url)),
    };
    expect(moveToHashRoute({ href: 'http://127.0.0.1:5173/login' }, hist, paths)).toBe(true);
    expect(moveToHashRoute({ href: 'http://127.0.0.1:5173/#/login' }, hist, paths)).toBe(false);
    expect(replaced).toEqual(['/#/login']);
  });

  it('decides: a signed-in real account goes to from or /user; a visitor and a demo account stay', () => {
    const real = { loggedIn: true, isDemo: false };
    expect(decideGuard({ guestOnly: true }, real, '/login')).toEqual({ kind: 'away', to: '/user' });
    expect(decideGuard({ guestOnly: true }, real, '/login?from=%2Ftrade')).toEqual({ kind: 'away', to: '/trade' });
    expect(decideGuard({ guestOnly: true }, real, '/login?from=https%3A%2F%2Fevil.example')).toEqual({
      kind: 'away',
      to: '/',
    });
    expect(decideGuard({ guestOnly: true }, real, '/register')).toEqual({ kind: 'away', to: '/user' });
    expect(decideGuard({ guestOnly: true }, { loggedIn: false, isDemo: false }, '/login')).toEqual({ kind: 'open' });
    expect(decideGuard({ guestOnly: true }, { loggedIn: true, isDemo: true }, '/login')).toEqual({ kind: 'open' });
  });

  it('/login while signed in lands on from, or on /user', async () => {
    signIn({ token: 't', user: REAL });
    await open('/login?from=%2Forder');
    expect(where()).toBe('orders /order');
    await view?.unmount();
    await open('/login');
    expect(where()).toBe('user /user');
    await view?.unmount();
    await open('/register');
    expect(where()).toBe('user /user');
  });

  it('signing in on /login does not race the page: the guard judges the session the page was opened with', async () => {
    await open('/login?from=%2Fnews');
    await act(async () => signIn({ token: 't', user: REAL }));
    await settle();
    expect(where()).toBe('login /login?from=%2Fnews'); // the login page itself goes on to `from`
  });

  it('/login opened again after signing in there redirects: each route judges its own session, not the one the last page was opened with', async () => {
    await openWithNavigator('/login');
    await act(async () => signIn({ token: 't', user: REAL }));
    await act(async () => navigateTo('/news')); // straight to another guarded page: no empty slot in between
    await settle();
    expect(where()).toBe('news /news');
    await act(async () => navigateTo('/login'));
    await settle();
    expect(where()).toBe('user /user');
  });

  it('/login opened again before the page it led to has drawn redirects too: a new visit judges the session afresh', async () => {
    await openWithNavigator('/login');
    await act(async () => signIn({ token: 't', user: REAL }));
    await act(async () => {
      navigateTo('/'); // where the login led: superseded before React commits it, as on a busy phone
      navigateTo('/login');
    });
    await settle();
    expect(where()).toBe('user /user');
  });

  it('the route table marks /login and /register guest-only', () => {
    expect(
      ROUTES.filter((r) => r.guestOnly)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/login', '/register']);
  });
});

describe('router', () => {
  it('a visitor opening a login-only route lands on /login?from=…', async () => {
    await open('/order');
    expect(path()).toBe('/login?from=%2Forder');
    expect(where()).toBe('login /login?from=%2Forder');
  });

  it('a logged-in user opens it', async () => {
    signIn({ token: 't', user: REAL });
    await open('/order');
    expect(where()).toBe('orders /order');
  });

  it('unknown paths redirect to /', async () => {
    await open('/no/such/page?x=1');
    expect(path()).toBe('/');
    expect(view?.container.querySelector('[data-testid="home"]')).not.toBeNull();
  });

  it('a demo account does not open a demo-blocked page: the real-account message, back to /user', async () => {
    signIn({ token: 't', user: DEMO });
    await open('/mine/charge');
    expect($toasts.value.map((t) => t.text)).toEqual(['Please register or log in to a real account']);
    expect(path()).toBe('/user');
    expect(where()).toBe('user /user');
  });

  it('a real account opens the same page', async () => {
    signIn({ token: 't', user: REAL });
    await open('/mine/charge');
    expect(where()).toBe('charge /mine/charge');
    expect($toasts.value).toEqual([]);
  });

  it('entering / or /trade refreshes the trade list; every navigation (re)starts the feed', async () => {
    await open('/');
    expect(nav.refreshTradeList).toHaveBeenCalledTimes(1);
    await go('/news');
    expect(nav.refreshTradeList).toHaveBeenCalledTimes(1);
    await go('/trade');
    expect(nav.refreshTradeList).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(nav.startFeed).toHaveBeenCalledTimes(3));
    expect(nav.startFeed).toHaveBeenLastCalledWith({ wsUrl: 'ws://x/v1/ws' });
  });

  it('keeps / alive: its state survives a visit to /trade and it is hidden meanwhile', async () => {
    await open('/');
    await click(view?.container.querySelector('[data-testid="inc"]') ?? null);
    await click(view?.container.querySelector('[data-testid="inc"]') ?? null);
    await go('/trade');
    const home = view?.container.querySelector('[data-testid="home"]');
    expect(home?.closest('.keep-alive')?.hasAttribute('hidden')).toBe(true);
    expect(where()).toBe('trade /trade');
    await go('/');
    expect(view?.container.querySelector('[data-testid="inc"]')?.textContent).toBe('2');
    expect(view?.container.querySelector('[data-testid="mount"]')?.textContent).toBe('1');
    expect(homeMounts).toBe(1);
    expect(home?.closest('.keep-alive')?.hasAttribute('hidden')).toBe(false);
  });

  it('a hidden kept-alive page stops listening to the feed, and shows the newest value when it comes back', async () => {
    $price.value = '1.00';
    await open('/');
    const text = (): string => view?.container.querySelector('[data-field="price"]')?.textContent ?? '';
    expect(watching).toBe(1);
    expect(text()).toBe('1.00');
    await go('/trade');
    expect(watching).toBe(0); // its rows' quotes are no longer asked for while /trade shows
    $price.value = '2.00';
    await go('/');
    expect(watching).toBe(1);
    expect(text()).toBe('2.00');
    expect(homeMounts).toBe(1); // the same mounted page, not a new one
  });

  it('shows the five-tab footer only on footer routes, with the active tab marked', async () => {
    await open('/trade');
    const tabs = [...(view?.container.querySelectorAll('.tab-bar__label') ?? [])];
    expect(tabs.map((t) => t.textContent)).toEqual(['Copy', 'Orders', 'Market', 'Ranking', 'Trade']);
    expect(view?.container.querySelector('.tab-bar [aria-current="page"]')?.getAttribute('data-tab')).toBe('trading');
    await go('/news');
    expect(view?.container.querySelector('.tab-bar')).toBeNull();
  });

  it('a tapped tab shows pressed in the frame before its screen is drawn, then its screen opens', async () => {
    await openWithNavigator('/trade');
    const market = view?.container.querySelector<HTMLElement>('.tab-bar [data-tab="market"]') ?? null;
    await act(async () => {
      market?.click();
    });
    expect(market?.hasAttribute('data-pressed')).toBe(true);
    expect(path()).toBe('/trade'); // the route waits for the frame that shows the press
    await vi.waitFor(() => expect(path()).toBe('/'));
    await settle();
    expect(view?.container.querySelector('[data-testid="home"]')).not.toBeNull();
    expect(view?.container.querySelector('.tab-bar [data-pressed]')).toBeNull();
    expect(view?.container.querySelector('.tab-bar [aria-current="page"]')?.getAttribute('data-tab')).toBe('market');
  });

  it('shows the connection state discreetly on the market tab', async () => {
    await act(async () => {
      $conn.value = 'live';
    });
    await open('/');
    const dot = (): Element | null => view?.container.querySelector('[data-testid="tab-conn"]') ?? null;
    expect(dot()?.getAttribute('data-conn')).toBe('live');
    await act(async () => {
      $conn.value = 'reconnecting';
    });
    expect(dot()?.getAttribute('data-conn')).toBe('reconnecting');
    expect(dot()?.textContent).toBe('Reconnecting…');
  });

  it('a route of the table draws its page once its lazy chunk is in', async () => {
    await open('/mine/email', ROUTES);
    // However long a loaded host takes to import it.
    await vi.waitFor(
      async () => {
        await settle();
        expect(view?.container.querySelector('.title-bar__title')?.textContent).toBe('Complaint email');
      },
      { timeout: slow(10_000), interval: 20 },
    );
  });
});

describe('error boundary and navigator', () => {
  function Broken(): ReactElement {
    throw new Error('boom');
  }

  it('a route that fails to render shows the reload page; the next navigation shows the app again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await open('/broken', [...TEST_ROUTES, { path: '/broken', element: <Broken /> }]);
      expect(view?.container.querySelector('.empty-state')?.textContent).toBe('This page could not be loadedReload');
      // React logs an error a boundary caught (its default onCaughtError), so the boundary does not log it again.
      expect(logged.mock.calls.filter((c) => c.some((a) => a instanceof Error && a.message === 'boom'))).toHaveLength(
        1,
      );
      await go('/trade');
      expect(view?.container.querySelector('.empty-state')).toBeNull();
      expect(where()).toBe('trade /trade');
    } finally {
      logged.mockRestore();
    }
  });

  it('code outside components navigates and reads the path through the router', async () => {
    await openWithNavigator('/news');
    expect(currentPath()).toBe('/news');
    await act(async () => navigateTo('/trade?x=1'));
    await settle();
    expect(where()).toBe('trade /trade?x=1');
    expect(currentPath()).toBe('/trade?x=1');
    await act(async () => navigateTo('/news', { replace: true }));
    await settle();
    expect(path()).toBe('/news');
  });
});

describe('route table', () => {
  it('has every route of docs/contract.md §2', () => {
    const spec = [
      '/',
      '/trade',
      '/order',
      '/user',
      '/news',
      '/news/detail',
      '/rank',
      '/feedback',
      '/login',
      '/register',
      '/forgot',
      '/product',
      '/language',
      '/mine/auth',
      '/mine/invite',
      '/mine/email',
      '/mine/announcement',
      '/mine/password',
      '/mine/history',
      '/mine/charge',
      '/mine/withdraw',
      '/mine/chat',
      '/mine/system',
      '/mine/wallet',
      '/mine/bank-card-list',
      '/mine/coin-address-list',
      '/mine/withdraw-way',
      '/mining',
      '/mining/subscribe',
      '/mining/record',
      '/mining/income',
      // Beyond docs/contract.md §2: account security (docs/security.md) and the in-app notice list (docs/notifications.md).
      '/mine/security',
      '/mine/notices',
      // The "this wasn't me" link of the second factor's notice (docs/security.md "Second factor").
      '/not-me',
      // Copy trading, the first tab (docs/copy-trading.md "Screens").
      '/copy',
      '/copy/provider',
    ];
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...spec].sort());
  });

  it('guards the login-only and demo-blocked routes, keeps / alive, and puts the footer where docs/contract.md §2 says', () => {
    const by = (p: string): AppRoute | undefined => ROUTES.find((r) => r.path === p);
    expect(by('/order')?.auth && by('/user')?.auth && by('/copy')?.auth && by('/copy/provider')?.auth).toBe(true);
    for (const p of [
      '/mine/charge',
      '/mine/withdraw',
      '/mine/wallet',
      '/mine/auth',
      '/mine/invite',
      '/mine/password',
      '/mine/security',
      '/mine/notices',
    ]) {
      expect(by(p)?.demoBlocked, p).toBe(true);
    }
    expect(ROUTES.filter((r) => r.keepAlive).map((r) => r.path)).toEqual(['/']);
    expect(
      ROUTES.filter((r) => r.footer)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/', '/copy', '/mining', '/news', '/order', '/rank', '/trade', '/user'].sort());
  });
});

describe('query after the hash and tabs', () => {
  it('marks documentary on /copy, and documentary and ranking on /rank by its tab query', () => {
    expect(activeTab('/copy', '?view=mine')).toBe('documentary');
    expect(activeTab('/rank', '?tab=copy')).toBe('documentary');
    expect(activeTab('/rank', '')).toBe('ranking');
    expect(activeTab('/user', '')).toBeNull();
  });
});

describe('logout behind the real guard', () => {
  it('lands on / (docs/contract.md §4), not on /login?from=/mine/system, with the session cleared', async () => {
    const { SystemPage } = await import('../../../../../src/pages/mine/system-page.tsx');
    const routes: AppRoute[] = [...TEST_ROUTES, { path: '/mine/system', element: <SystemPage />, auth: true }];
    signIn({ token: 't', user: REAL });
    await open('/mine/system', routes);
    await click(view?.container.querySelector('[data-testid="logout"]') ?? null);
    await click(document.querySelector('.dialog .btn-danger'));
    await settle();
    expect(path()).toBe('/');
    expect(view?.container.querySelector('[data-testid="home"]')).not.toBeNull();
    const { $token } = await import('../../../../../src/state/account/session.ts');
    expect($token.value).toBeNull();
    expect($toasts.value.map((t) => t.text)).toEqual(['Logged out']);
  });
});
