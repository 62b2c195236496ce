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
  {
    path: '/product',
    element: otherPage('ProductPage'),
  },
  {
    path: '/order',
    element: otherPage('OrdersPage'),
    auth: true,
    footer: true,
  },
  {
    path: '/user',
    element: otherPage('UserPage'),
    auth: true,
    footer: true,
  },
  {
    path: '/news',
    element: otherPage('NewsPage'),
    footer: true,
  },
  {
    path: '/news/detail',
    element: otherPage('NewsDetailPage'),
  },
  {
    path: '/copy',
    element: otherPage('CopyPage'),
    auth: true,
    footer: true,
  },
  {
    path: '/copy/provider',
    element: otherPage('ProviderPage'),
    auth: true,
  },
  {
    path: '/rank',
    element: otherPage('RankPage'),
    footer: true,
  },
  {
    path: '/feedback',
    element: otherPage('FeedbackPage'),
    auth: true,
  },
  {
    path: '/login',
    element: otherPage('LoginPage'),
    guestOnly: true,
  },
  {
    path: '/register',
    element: otherPage('RegisterPage'),
    guestOnly: true,
  },
  { path: '/forgot', element: otherPage('ForgotPage') },
  {
    path: '/language',
    element: otherPage('LanguagePage'),
  },
  {
    path: '/mine/auth',
    element: otherPage('RealNamePage'),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mine/invite',
    element: otherPage('InvitePage'),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mine/email',
    element: otherPage('EmailPage'),
  },
  {
    path: '/mine/announcement',
    element: otherPage('AnnouncementPage'),
  },
  {
    path: '/mine/password',
    element: otherPage('PasswordPage'),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mine/security',
    element: otherPage('SecurityPage'),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/not-me',
    element: otherPage('NotMePage'),
  },
  {
    path: '/mine/history',
    element: otherPage('HistoryPage'),
    auth: true,
  },
  {
    path: '/mine/charge',
    element: otherPage('ChargePage'),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mine/withdraw',
    element: otherPage('WithdrawPage'),
    auth: true,
    demoBlocked: true,
  },
  { path: '/mine/chat', element: otherPage('ChatPage') },
  {
    path: '/mine/notices',
    element: otherPage('NoticesPage'),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mine/system',
    element: otherPage('SystemPage'),
    auth: true,
  },
  {
    path: '/mine/wallet',
    element: otherPage('WalletPage'),
    auth: true,
    demoBlocked: true,
  },
  // The payout-method pages belong to the wallet, so they share its demo block.
  {
    path: '/mine/bank-card-list',
    element: otherPage('BankCardsPage'),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mine/coin-address-list',
    element: otherPage('CoinAddressesPage'),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mine/withdraw-way',
    element: otherPage('WithdrawWayPage'),
    auth: true,
    demoBlocked: true,
  },
  {
    path: FUNDS_PATH,
    element: otherPage('FundsPage'),
    footer: true,
  },
  {
    path: FUND_SUBSCRIBE_PATH,
    element: otherPage('SubscribePage'),
  },
  {
    path: FUND_RECORDS_PATH,
    element: otherPage('RecordPage'),
    auth: true,
  },
  {
    path: FUND_INCOME_PATH,
    element: otherPage('IncomePage'),
    auth: true,
  },
];

/** docs/contract.md §2. */
export const TRADE_LIST_PATHS: ReadonlySet<string> = new Set(['/', '/trade']);
