// The five tabs of the footer (docs/contract.md §2: documentary, orders, market, ranking, trading) and which one is active.
import type { IconName } from '../icons/icons.tsx';

export interface TabDef {
  key: 'documentary' | 'orders' | 'market' | 'ranking' | 'trading';
  to: string;
  icon: IconName;
}

// Documentary (copy trading) is the trader list in its copy-trading view: see docs/client.md "Tabs".
export const TABS: readonly TabDef[] = [
  { key: 'documentary', to: '/rank?tab=copy', icon: 'copy' },
  { key: 'orders', to: '/order', icon: 'orders' },
  { key: 'market', to: '/', icon: 'market' },
  { key: 'ranking', to: '/rank', icon: 'rank' },
  { key: 'trading', to: '/trade', icon: 'trade' },
];

export function activeTab(pathname: string, search: string): TabDef['key'] | null {
  switch (pathname) {
    case '/':
      return 'market';
    case '/trade':
      return 'trading';
    case '/order':
      return 'orders';
    case '/rank':
      return new URLSearchParams(search).get('tab') === 'copy' ? 'documentary' : 'ranking';
    default:
      return null;
  }
}
