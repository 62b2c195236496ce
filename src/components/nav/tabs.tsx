// The footer's five tabs (docs/contract.md §2), which one is active, and the link each is drawn as.
import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { navigateTo } from '../../state/shell/navigator.ts';
import { afterPress } from '../../state/shell/yield-task.ts';
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

// A navigation link marked by data-tab, with aria-current="page" while its screen is open.
interface TabLinkProps {
  to: string;
  tab: string;
  current: boolean;
  className: string;
  children: ReactNode;
}

export function TabLink({ to, tab, current, className, children }: TabLinkProps): ReactElement {
  // A plain tap on another tab shows the tab pressed first; the Link keeps the rest (a new window, its own tab).
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (current || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    afterPress(e.currentTarget, () => navigateTo(to));
  };
  return (
    <Link to={to} className={className} data-tab={tab} aria-current={current ? 'page' : undefined} onClick={onClick}>
      {children}
    </Link>
  );
}
