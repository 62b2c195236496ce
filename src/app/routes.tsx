// The route table (docs/contract.md §2): every route of the product, lazy and code-split, with its guard and layout flags.
// Screens plug in by editing their entry's element (e.g. '/' → lazyPage(() => import('../pages/market/…'))).
import type { ReactElement } from 'react';
import { lazyPage, placeholder } from './routing/lazy-page.tsx';

export interface AppRoute {
  path: string;
  element: ReactElement;
  auth?: boolean; // login required: a visitor goes to /login?from={path}
  guestOnly?: boolean; // a signed-in real account is sent on to `from` or /user (a demo account may still sign in)
  demoBlocked?: boolean; // demo accounts see the real-account message instead (docs/contract.md §5, §6)
  footer?: boolean; // the five-tab footer is shown
  keepAlive?: boolean; // stays mounted (hidden) while other routes show: state and scroll survive
}

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
    element: lazyPage(() => import('../pages/product/product-page.tsx').then((m) => m.ProductPage)),
  },
  {
    path: '/order',
    element: lazyPage(() => import('../pages/order/orders-page.tsx').then((m) => m.OrdersPage)),
    auth: true,
    footer: true,
  },
  {
    path: '/user',
    element: lazyPage(() => import('../pages/user/user-page.tsx').then((m) => m.UserPage)),
    auth: true,
    footer: true,
  },
  {
    path: '/news',
    element: lazyPage(() => import('../pages/news/news-page.tsx').then((m) => m.NewsPage)),
    footer: true,
  },
  {
    path: '/news/detail',
    element: lazyPage(() => import('../pages/news/news-detail-page.tsx').then((m) => m.NewsDetailPage)),
  },
  {
    path: '/rank',
    element: lazyPage(() => import('../pages/rank/rank-page.tsx').then((m) => m.RankPage)),
    footer: true,
  },
  { path: '/feedback', element: placeholder('page.feedback') },
  {
    path: '/login',
    element: lazyPage(() => import('../pages/auth/login-page.tsx').then((m) => m.LoginPage)),
    guestOnly: true,
  },
  {
    path: '/register',
    element: lazyPage(() => import('../pages/auth/register-page.tsx').then((m) => m.RegisterPage)),
    guestOnly: true,
  },
  { path: '/forgot', element: lazyPage(() => import('../pages/auth/forgot-page.tsx').then((m) => m.ForgotPage)) },
  {
    path: '/language',
    element: lazyPage(() => import('../pages/language/language-page.tsx').then((m) => m.LanguagePage)),
  },
  {
    path: '/mine/auth',
    element: lazyPage(() => import('../pages/mine/real-name-page.tsx').then((m) => m.RealNamePage)),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mine/invite',
    element: lazyPage(() => import('../pages/mine/invite-page.tsx').then((m) => m.InvitePage)),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mine/email',
    element: lazyPage(() => import('../pages/content/email-page.tsx').then((m) => m.EmailPage)),
  },
  {
    path: '/mine/announcement',
    element: lazyPage(() => import('../pages/content/announcement-page.tsx').then((m) => m.AnnouncementPage)),
  },
  {
    path: '/mine/password',
    element: lazyPage(() => import('../pages/mine/password-page.tsx').then((m) => m.PasswordPage)),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mine/security',
    element: lazyPage(() => import('../pages/security/security-page.tsx').then((m) => m.SecurityPage)),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mine/history',
    element: lazyPage(() => import('../pages/mine/history-page.tsx').then((m) => m.HistoryPage)),
    auth: true,
  },
  {
    path: '/mine/charge',
    element: lazyPage(() => import('../pages/mine/charge-page.tsx').then((m) => m.ChargePage)),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mine/withdraw',
    element: lazyPage(() => import('../pages/mine/withdraw-page.tsx').then((m) => m.WithdrawPage)),
    auth: true,
    demoBlocked: true,
  },
  { path: '/mine/chat', element: lazyPage(() => import('../pages/content/chat-page.tsx').then((m) => m.ChatPage)) },
  {
    path: '/mine/notices',
    element: lazyPage(() => import('../pages/mine/notices-page.tsx').then((m) => m.NoticesPage)),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mine/system',
    element: lazyPage(() => import('../pages/mine/system-page.tsx').then((m) => m.SystemPage)),
    auth: true,
  },
  {
    path: '/mine/wallet',
    element: lazyPage(() => import('../pages/mine/wallet-page.tsx').then((m) => m.WalletPage)),
    auth: true,
    demoBlocked: true,
  },
  // The payout-method pages belong to the wallet, so they share its demo block.
  {
    path: '/mine/bank-card-list',
    element: lazyPage(() => import('../pages/mine/methods-page.tsx').then((m) => m.BankCardsPage)),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mine/coin-address-list',
    element: lazyPage(() => import('../pages/mine/methods-page.tsx').then((m) => m.CoinAddressesPage)),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mine/withdraw-way',
    element: lazyPage(() => import('../pages/mine/withdraw-way-page.tsx').then((m) => m.WithdrawWayPage)),
    auth: true,
    demoBlocked: true,
  },
  {
    path: '/mining',
    element: lazyPage(() => import('../pages/funds/funds-page.tsx').then((m) => m.FundsPage)),
    footer: true,
  },
  {
    path: '/mining/subscribe',
    element: lazyPage(() => import('../pages/funds/subscribe-page.tsx').then((m) => m.SubscribePage)),
  },
  {
    path: '/mining/record',
    element: lazyPage(() => import('../pages/funds/record-page.tsx').then((m) => m.RecordPage)),
    auth: true,
  },
  {
    path: '/mining/income',
    element: lazyPage(() => import('../pages/funds/income-page.tsx').then((m) => m.IncomePage)),
    auth: true,
  },
];

/** Entering these refreshes the trade list (docs/contract.md §2). */
export const TRADE_LIST_PATHS: ReadonlySet<string> = new Set(['/', '/trade']);
