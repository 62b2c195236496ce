// The loaders of every page but the first screens' (`/` and `/trade`, in routes.tsx): a chunk of its own, fetched when
// one of them is first opened or once start-up is done (routes.tsx prefetchOtherPages). Each import below carries the
// list of files its page preloads; kept here, those lists are not first-screen bytes (bench/README.md "Start-up").
import type { ComponentType } from 'react';

export const OTHER_PAGES = {
  ProductPage: () => import('../pages/product/product-page.tsx').then((m) => m.ProductPage),
  OrdersPage: () => import('../pages/order/orders-page.tsx').then((m) => m.OrdersPage),
  UserPage: () => import('../pages/user/user-page.tsx').then((m) => m.UserPage),
  NewsPage: () => import('../pages/news/news-page.tsx').then((m) => m.NewsPage),
  NewsDetailPage: () => import('../pages/news/news-detail-page.tsx').then((m) => m.NewsDetailPage),
  CopyPage: () => import('../pages/copy/copy-page.tsx').then((m) => m.CopyPage),
  ProviderPage: () => import('../pages/copy/provider-page.tsx').then((m) => m.ProviderPage),
  RankPage: () => import('../pages/rank/rank-page.tsx').then((m) => m.RankPage),
  LoginPage: () => import('../pages/auth/login-page.tsx').then((m) => m.LoginPage),
  RegisterPage: () => import('../pages/auth/register-page.tsx').then((m) => m.RegisterPage),
  ForgotPage: () => import('../pages/auth/forgot-page.tsx').then((m) => m.ForgotPage),
  LanguagePage: () => import('../pages/language/language-page.tsx').then((m) => m.LanguagePage),
  RealNamePage: () => import('../pages/mine/real-name-page.tsx').then((m) => m.RealNamePage),
  InvitePage: () => import('../pages/mine/invite-page.tsx').then((m) => m.InvitePage),
  EmailPage: () => import('../pages/content/email-page.tsx').then((m) => m.EmailPage),
  AnnouncementPage: () => import('../pages/content/announcement-page.tsx').then((m) => m.AnnouncementPage),
  PasswordPage: () => import('../pages/mine/password-page.tsx').then((m) => m.PasswordPage),
  SecurityPage: () => import('../pages/security/security-page.tsx').then((m) => m.SecurityPage),
  NotMePage: () => import('../pages/security/not-me-page.tsx').then((m) => m.NotMePage),
  HistoryPage: () => import('../pages/mine/history-page.tsx').then((m) => m.HistoryPage),
  ChargePage: () => import('../pages/mine/charge-page.tsx').then((m) => m.ChargePage),
  WithdrawPage: () => import('../pages/mine/withdraw-page.tsx').then((m) => m.WithdrawPage),
  ChatPage: () => import('../pages/content/chat-page.tsx').then((m) => m.ChatPage),
  NoticesPage: () => import('../pages/mine/notices-page.tsx').then((m) => m.NoticesPage),
  SystemPage: () => import('../pages/mine/system-page.tsx').then((m) => m.SystemPage),
  WalletPage: () => import('../pages/mine/wallet-page.tsx').then((m) => m.WalletPage),
  BankCardsPage: () => import('../pages/mine/methods-page.tsx').then((m) => m.BankCardsPage),
  CoinAddressesPage: () => import('../pages/mine/methods-page.tsx').then((m) => m.CoinAddressesPage),
  WithdrawWayPage: () => import('../pages/mine/withdraw-way-page.tsx').then((m) => m.WithdrawWayPage),
  FundsPage: () => import('../pages/funds/funds-page.tsx').then((m) => m.FundsPage),
  SubscribePage: () => import('../pages/funds/subscribe-page.tsx').then((m) => m.SubscribePage),
  RecordPage: () => import('../pages/funds/record-page.tsx').then((m) => m.RecordPage),
  IncomePage: () => import('../pages/funds/income-page.tsx').then((m) => m.IncomePage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type OtherPage = keyof typeof OTHER_PAGES;
