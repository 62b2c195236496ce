// The footer's five tabs (docs/contract.md §2) and which one is active.
import type { IconPath } from '../icons/icons.tsx';
import { ICON_COPY, ICON_MARKET, ICON_ORDERS, ICON_RANK, ICON_TRADE } from '../icons/first-icons.ts';

export interface TabDef {
  key: 'documentary' | 'orders' | 'market' | 'ranking' | 'trading';
  to: string;
  icon: IconPath;
}

// Documentary is copy trading (/copy, docs/copy-trading.md "Screens"): see docs/client.md "Tabs".
export const TABS: readonly TabDef[] = [
  { key: 'documentary', to: '/copy', icon: ICON_COPY },
  { key: 'orders', to: '/order', icon: ICON_ORDERS },
  { key: 'market', to: '/', icon: ICON_MARKET },
  { key: 'ranking', to: '/rank', icon: ICON_RANK },
  { key: 'trading', to: '/trade', icon: ICON_TRADE },
];

/** /rank's copy-trading tab belongs to documentary. */
export function activeTab(pathname: string, search: string): TabDef['key'] | null {
  if (pathname === '/rank' && new URLSearchParams(search).get('tab') === 'copy') return 'documentary';
  return TABS.find((tab) => tab.to === pathname)?.key ?? null;
}
