// The rows of the user center (docs/contract.md §2) in display order, with their targets and demo rules.
import type { IconPath } from '../../components/icons/icons.tsx';
import { ICON_GLOBE, ICON_ORDERS } from '../../components/icons/first-icons.ts';
import {
  ICON_BELL,
  ICON_CHAT,
  ICON_DEPOSIT,
  ICON_GIFT,
  ICON_ID,
  ICON_LOCK,
  ICON_MAIL,
  ICON_MORE,
  ICON_RESET,
  ICON_WALLET,
  ICON_WITHDRAW,
} from '../../components/icons/screen-icons.ts';
import { FUNDS_PATH } from '../../components/nav/fund-paths.ts';

export type UserRowAction = 'navigate' | 'reset-demo' | 'service';

export interface UserRowDef {
  key: string;
  icon: IconPath;
  labelKey: string;
  action: UserRowAction;
  to?: string;
  demoBlocked?: boolean; // a demo account sees the real-account message instead
  demoOnly?: boolean; // only shown to demo accounts
}

export const USER_ROWS: readonly UserRowDef[] = [
  {
    key: 'deposit',
    icon: ICON_DEPOSIT,
    labelKey: 'user.deposit',
    action: 'navigate',
    to: '/mine/charge',
    demoBlocked: true,
  },
  {
    key: 'withdraw',
    icon: ICON_WITHDRAW,
    labelKey: 'user.withdraw',
    action: 'navigate',
    to: '/mine/withdraw',
    demoBlocked: true,
  },
  { key: 'reset', icon: ICON_RESET, labelKey: 'user.reset_demo', action: 'reset-demo', demoOnly: true },
  {
    key: 'wallet',
    icon: ICON_WALLET,
    labelKey: 'user.wallet',
    action: 'navigate',
    to: '/mine/wallet',
    demoBlocked: true,
  },
  { key: 'mining', icon: ICON_WALLET, labelKey: 'mining.user_row', action: 'navigate', to: FUNDS_PATH },
  { key: 'auth', icon: ICON_ID, labelKey: 'user.real_name', action: 'navigate', to: '/mine/auth', demoBlocked: true },
  {
    key: 'invite',
    icon: ICON_GIFT,
    labelKey: 'user.invite',
    action: 'navigate',
    to: '/mine/invite',
    demoBlocked: true,
  },
  {
    key: 'password',
    icon: ICON_LOCK,
    labelKey: 'user.password',
    action: 'navigate',
    to: '/mine/password',
    demoBlocked: true,
  },
  {
    key: 'security',
    icon: ICON_LOCK,
    labelKey: 'security.title',
    action: 'navigate',
    to: '/mine/security',
    demoBlocked: true,
  },
  {
    key: 'notices',
    icon: ICON_BELL,
    labelKey: 'notices.screen.link',
    action: 'navigate',
    to: '/mine/notices',
    demoBlocked: true,
  },
  { key: 'service', icon: ICON_CHAT, labelKey: 'user.service', action: 'service', to: '/mine/chat' },
  { key: 'email', icon: ICON_MAIL, labelKey: 'user.complaint_email', action: 'navigate', to: '/mine/email' },
  { key: 'announcement', icon: ICON_BELL, labelKey: 'user.announcement', action: 'navigate', to: '/mine/announcement' },
  { key: 'news', icon: ICON_ORDERS, labelKey: 'page.news', action: 'navigate', to: '/news' },
  { key: 'language', icon: ICON_GLOBE, labelKey: 'user.language', action: 'navigate', to: '/language' },
  { key: 'other', icon: ICON_MORE, labelKey: 'user.other', action: 'navigate', to: '/mine/system' },
];

export function visibleRows(isDemo: boolean): UserRowDef[] {
  return USER_ROWS.filter((r) => !r.demoOnly || isDemo);
}
