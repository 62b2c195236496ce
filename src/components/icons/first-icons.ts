// The first screen's icons; the rest are in screen-icons.ts (bench/README.md "The first screen's bytes").
import type { IconPath } from './icons.tsx';

export const ICON_MARKET: IconPath = 'M4 19V10M10 19V5M16 19v-7M22 19H2';
export const ICON_TRADE: IconPath = 'M3 17l5-5 4 4 8-8M15 8h5v5';
export const ICON_ORDERS: IconPath = 'M8 4h8l2 2v14H6V6zM9 10h6M9 14h6M9 18h3';
export const ICON_RANK: IconPath = 'M8 21h8M12 17v4M7 4h10v5a5 5 0 01-10 0zM7 6H4v1a3 3 0 003 3M17 6h3v1a3 3 0 01-3 3';
export const ICON_COPY: IconPath =
  'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21a7 7 0 0114 0M16 3.5a4 4 0 010 7.5M22 21a7 7 0 00-4-6.3';
export const ICON_SEARCH: IconPath = 'M11 18a7 7 0 100-14 7 7 0 000 14zM21 21l-5-5';
export const ICON_GLOBE: IconPath =
  'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z';
export const ICON_USER: IconPath = 'M12 12a4.5 4.5 0 100-9 4.5 4.5 0 000 9zM3.5 21a8.5 8.5 0 0117 0';
export const ICON_EMPTY: IconPath = 'M3 13l3-8h12l3 8v6H3zM3 13h5l1 3h6l1-3h5';
export const ICON_REFRESH: IconPath = 'M20 12a8 8 0 11-2.3-5.7M20 4v5h-5';
