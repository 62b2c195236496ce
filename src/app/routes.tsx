// The route table (docs/contract.md §2); non-first loaders live in other-pages.ts, off the first-screen bytes.
import type { ReactElement } from 'react';
import { lazyPage } from './routing/lazy-page.tsx';
import type { OtherPage } from './other-pages.ts';
import { FUND_INCOME_PATH, FUND_RECORDS_PATH, FUND_SUBSCRIBE_PATH, FUNDS_PATH } from '../components/nav/fund-paths.ts';

export interface AppRoute {
  path: string;
  element: ReactElement;
  auth?: boolean; // a visitor goes to /login?from={path}
  guestOnly?: boolean; // a signed-in real account is sent on to `from` or /user (a demo account may still sign in)
  demoBlocked?: boolean; // demo accounts see the real-account message instead (docs/contract.md §5, §6)
  footer?: boolean;
  keepAlive?: boolean; // stays mounted (hidden) while other routes show: state and scroll survive
}

/** Its loader chunk first (fetched once, early: prefetchOtherPages), then the page. */
const otherPage = (name: OtherPage): ReactElement =>
  lazyPage(() => import('./other-pages.ts').then((m) => m.OTHER_PAGES[name]()));

/** While nothing else runs, so a first tap on a tab waits for one chunk, not two. */
export const prefetchOtherPages = (): Promise<unknown> => import('./other-pages.ts');

type RouteFlags = Omit<AppRoute, 'path' | 'element'>;
const AUTH: RouteFlags = { auth: true };
const AUTH_FOOTER: RouteFlags = { auth: true, footer: true };
const REAL: RouteFlags = { auth: true, demoBlocked: true };
const GUEST: RouteFlags = { guestOnly: true };
const FOOTER: RouteFlags = { footer: true };

/** In the order they are matched: path, the page's loader, who may see it. */
const OTHER_ROUTES: readonly (readonly [string, OtherPage, RouteFlags?])[] = [
  ['/product', 'ProductPage'],
  ['/order', 'OrdersPage', AUTH_FOOTER],
  ['/user', 'UserPage', AUTH_FOOTER],
  ['/news', 'NewsPage', FOOTER],
  ['/news/detail', 'NewsDetailPage'],
  ['/copy', 'CopyPage', AUTH_FOOTER],
  ['/copy/provider', 'ProviderPage', AUTH],
  ['/rank', 'RankPage', FOOTER],
  ['/feedback', 'FeedbackPage', AUTH],
  ['/login', 'LoginPage', GUEST],
  ['/register', 'RegisterPage', GUEST],
  ['/forgot', 'ForgotPage'],
  ['/language', 'LanguagePage'],
  ['/mine/auth', 'RealNamePage', REAL],
  ['/mine/invite', 'InvitePage', REAL],
  ['/mine/email', 'EmailPage'],
  ['/mine/announcement', 'AnnouncementPage'],
  ['/mine/password', 'PasswordPage', REAL],
  ['/mine/security', 'SecurityPage', REAL],
  ['/not-me', 'NotMePage'],
  ['/mine/history', 'HistoryPage', AUTH],
  ['/mine/charge', 'ChargePage', REAL],
  ['/mine/withdraw', 'WithdrawPage', REAL],
  ['/mine/chat', 'ChatPage'],
  ['/mine/notices', 'NoticesPage', REAL],
  ['/mine/system', 'SystemPage', AUTH],
  ['/mine/wallet', 'WalletPage', REAL],
  // The payout-method pages belong to the wallet, so they share its demo block.
  ['/mine/bank-card-list', 'BankCardsPage', REAL],
  ['/mine/coin-address-list', 'CoinAddressesPage', REAL],
  ['/mine/withdraw-way', 'WithdrawWayPage', REAL],
  [FUNDS_PATH, 'FundsPage', FOOTER],
  [FUND_SUBSCRIBE_PATH, 'SubscribePage'],
  [FUND_RECORDS_PATH, 'RecordPage', AUTH],
  [FUND_INCOME_PATH, 'IncomePage', AUTH],
];

export const ROUTES: readonly AppRoute[] = [
  {
    path: '/',
    element: lazyPage(() => import('../pages/market/market-page.tsx').then((m) => m.MarketPage), {
      firstScreen: true,
    }),
    footer: true,
    keepAlive: true,
  },
  {
    path: '/trade',
    element: lazyPage(() => import('../pages/trade/trade-page.tsx').then((m) => m.TradePage)),
    footer: true,
  },
  ...OTHER_ROUTES.map(([path, name, flags]): AppRoute => ({ path, element: otherPage(name), ...flags })),
];

/** docs/contract.md §2. */
export const TRADE_LIST_PATHS: ReadonlySet<string> = new Set(['/', '/trade']);
