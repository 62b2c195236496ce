// The rows of the user center (docs/contract.md §2) in display order, with their targets and demo rules.
import type { IconName } from '../../components/icons/icons.tsx';

export type UserRowAction = 'navigate' | 'reset-demo' | 'service';

export interface UserRowDef {
  key: string;
  icon: IconName;
  labelKey: string;
  action: UserRowAction;
  to?: string;
  demoBlocked?: boolean; // a demo account sees the real-account message instead
  demoOnly?: boolean; // only shown to demo accounts
}

export const USER_ROWS: readonly UserRowDef[] = [
  {
    key: 'deposit',
    icon: 'deposit',
    labelKey: 'user.deposit',
    action: 'navigate',
    to: '/mine/charge',
    demoBlocked: true,
  },
  {
    key: 'withdraw',
    icon: 'withdraw',
    labelKey: 'user.withdraw',
    action: 'navigate',
    to: '/mine/withdraw',
    demoBlocked: true,
  },
  { key: 'reset', icon: 'reset', labelKey: 'user.reset_demo', action: 'reset-demo', demoOnly: true },
  { key: 'wallet', icon: 'wallet', labelKey: 'user.wallet', action: 'navigate', to: '/mine/wallet', demoBlocked: true },
  { key: 'mining', icon: 'wallet', labelKey: 'mining.user_row', action: 'navigate', to: '/mining' },
  { key: 'auth', icon: 'id', labelKey: 'user.real_name', action: 'navigate', to: '/mine/auth', demoBlocked: true },
  { key: 'invite', icon: 'gift', labelKey: 'user.invite', action: 'navigate', to: '/mine/invite', demoBlocked: true },
  {
    key: 'password',
    icon: 'lock',
    labelKey: 'user.password',
    action: 'navigate',
    to: '/mine/password',
    demoBlocked: true,
  },
  {
    key: 'security',
    icon: 'lock',
    labelKey: 'security.title',
    action: 'navigate',
    to: '/mine/security',
    demoBlocked: true,
  },
  {
    key: 'notices',
    icon: 'bell',
    labelKey: 'notices.screen.link',
    action: 'navigate',
    to: '/mine/notices',
    demoBlocked: true,
  },
  { key: 'service', icon: 'chat', labelKey: 'user.service', action: 'service', to: '/mine/chat' },
  { key: 'email', icon: 'mail', labelKey: 'user.complaint_email', action: 'navigate', to: '/mine/email' },
  { key: 'announcement', icon: 'bell', labelKey: 'user.announcement', action: 'navigate', to: '/mine/announcement' },
  { key: 'news', icon: 'orders', labelKey: 'page.news', action: 'navigate', to: '/news' },
  { key: 'language', icon: 'globe', labelKey: 'user.language', action: 'navigate', to: '/language' },
  { key: 'other', icon: 'more', labelKey: 'user.other', action: 'navigate', to: '/mine/system' },
];

export function visibleRows(isDemo: boolean): UserRowDef[] {
  return USER_ROWS.filter((r) => !r.demoOnly || isDemo);
}
