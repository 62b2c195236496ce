// Inline SVG icons (stroke = currentColor, so they take the text colour of their place). Decorative: aria-hidden.
import type { ReactElement, SVGProps } from 'react';

export type IconName =
  | 'back'
  | 'chevron'
  | 'market'
  | 'trade'
  | 'orders'
  | 'rank'
  | 'copy'
  | 'user'
  | 'globe'
  | 'eye'
  | 'eye-off'
  | 'deposit'
  | 'withdraw'
  | 'reset'
  | 'wallet'
  | 'id'
  | 'gift'
  | 'lock'
  | 'chat'
  | 'mail'
  | 'bell'
  | 'more'
  | 'check'
  | 'close'
  | 'search'
  | 'empty'
  | 'refresh'
  | 'plus'
  | 'trash'
  | 'clipboard'
  | 'card'
  | 'coin'
  | 'table';

const PATHS: Readonly<Record<IconName, string>> = {
  back: 'M15 5l-7 7 7 7',
  chevron: 'M9 5l7 7-7 7',
  market: 'M4 19V10M10 19V5M16 19v-7M22 19H2',
  trade: 'M3 17l5-5 4 4 8-8M15 8h5v5',
  orders: 'M8 4h8l2 2v14H6V6zM9 10h6M9 14h6M9 18h3',
  rank: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 01-10 0zM7 6H4v1a3 3 0 003 3M17 6h3v1a3 3 0 01-3 3',
  copy: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21a7 7 0 0114 0M16 3.5a4 4 0 010 7.5M22 21a7 7 0 00-4-6.3',
  user: 'M12 12a4.5 4.5 0 100-9 4.5 4.5 0 000 9zM3.5 21a8.5 8.5 0 0117 0',
  globe:
    'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z',
  'eye-off':
    'M3 3l18 18M10.6 5.1A10 10 0 0112 5c6.4 0 10 7 10 7a17 17 0 01-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 005.4-1.6M9.9 9.9a3 3 0 004.2 4.2',
  deposit: 'M12 3v12M7 10l5 5 5-5M4 21h16',
  withdraw: 'M12 15V3M7 8l5-5 5 5M4 21h16',
  reset: 'M3 12a9 9 0 101.8-5.4M3 4v5h5',
  wallet: 'M3 7h16a2 2 0 012 2v9a2 2 0 01-2 2H5a2 2 0 01-2-2zM3 7l12-4 1 4M16 13.5h2',
  id: 'M3 5h18v14H3zM8.5 12a2 2 0 100-4 2 2 0 000 4zM5.5 16a3 3 0 016 0M14 9h4M14 13h4',
  gift: 'M3 8h18v4H3zM5 12v9h14v-9M12 8v13M12 8S10.5 3 8 4s-1 4 4 4zM12 8s1.5-5 4-4 1 4-4 4z',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 018 0v4',
  chat: 'M4 5h16v11H8l-4 4z',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  bell: 'M6 17V11a6 6 0 0112 0v6l2 2H4zM10 21h4',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  check: 'M5 12l5 5 9-10',
  close: 'M6 6l12 12M18 6L6 18',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM21 21l-5-5',
  empty: 'M3 13l3-8h12l3 8v6H3zM3 13h5l1 3h6l1-3h5',
  refresh: 'M20 12a8 8 0 11-2.3-5.7M20 4v5h-5',
  plus: 'M12 5v14M5 12h14',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  clipboard: 'M9 4h6v3H9zM7 5H5v16h14V5h-2',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  table: 'M4 5h16v14H4zM4 10h16M4 14.5h16M10 5v14',
  coin: 'M12 21a9 9 0 100-18 9 9 0 000 18zM9 9.5c0-1.4 1.3-2 3-2s3 .7 3 2-1.3 1.8-3 2.2-3 .9-3 2.3 1.3 2 3 2 3-.6 3-2M12 6v1.5M12 16.5V18',
};

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: IconName;
  size?: number;
}

export function Icon({ name, size = 22, ...rest }: IconProps): ReactElement {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
