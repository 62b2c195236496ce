// The icons of every screen but the first (first-icons.ts), loaded with the screens that draw them.
import type { IconPath } from './icons.tsx';

export const ICON_BACK: IconPath = 'M15 5l-7 7 7 7';
export const ICON_CHEVRON: IconPath = 'M9 5l7 7-7 7';
export const ICON_EYE: IconPath = 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z';
export const ICON_EYE_OFF: IconPath =
  'M3 3l18 18M10.6 5.1A10 10 0 0112 5c6.4 0 10 7 10 7a17 17 0 01-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 005.4-1.6M9.9 9.9a3 3 0 004.2 4.2';
export const ICON_DEPOSIT: IconPath = 'M12 3v12M7 10l5 5 5-5M4 21h16';
export const ICON_WITHDRAW: IconPath = 'M12 15V3M7 8l5-5 5 5M4 21h16';
export const ICON_RESET: IconPath = 'M3 12a9 9 0 101.8-5.4M3 4v5h5';
export const ICON_WALLET: IconPath = 'M3 7h16a2 2 0 012 2v9a2 2 0 01-2 2H5a2 2 0 01-2-2zM3 7l12-4 1 4M16 13.5h2';
export const ICON_ID: IconPath = 'M3 5h18v14H3zM8.5 12a2 2 0 100-4 2 2 0 000 4zM5.5 16a3 3 0 016 0M14 9h4M14 13h4';
export const ICON_GIFT: IconPath =
  'M3 8h18v4H3zM5 12v9h14v-9M12 8v13M12 8S10.5 3 8 4s-1 4 4 4zM12 8s1.5-5 4-4 1 4-4 4z';
export const ICON_LOCK: IconPath = 'M5 11h14v10H5zM8 11V7a4 4 0 018 0v4';
export const ICON_CHAT: IconPath = 'M4 5h16v11H8l-4 4z';
export const ICON_FEEDBACK: IconPath = 'M4 5h16v11H8l-4 4zM8 9h8M8 12h5';
export const ICON_MAIL: IconPath = 'M3 5h18v14H3zM3 6l9 7 9-7';
export const ICON_BELL: IconPath = 'M6 17V11a6 6 0 0112 0v6l2 2H4zM10 21h4';
export const ICON_MORE: IconPath = 'M5 12h.01M12 12h.01M19 12h.01';
export const ICON_CHECK: IconPath = 'M5 12l5 5 9-10';
export const ICON_CLOSE: IconPath = 'M6 6l12 12M18 6L6 18';
export const ICON_PLUS: IconPath = 'M12 5v14M5 12h14';
export const ICON_TRASH: IconPath = 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3';
export const ICON_CLIPBOARD: IconPath = 'M9 4h6v3H9zM7 5H5v16h14V5h-2';
export const ICON_CARD: IconPath = 'M3 6h18v12H3zM3 10h18M7 15h4';
export const ICON_TABLE: IconPath = 'M4 5h16v14H4zM4 10h16M4 14.5h16M10 5v14';
export const ICON_COIN: IconPath =
  'M12 21a9 9 0 100-18 9 9 0 000 18zM9 9.5c0-1.4 1.3-2 3-2s3 .7 3 2-1.3 1.8-3 2.2-3 .9-3 2.3 1.3 2 3 2 3-.6 3-2M12 6v1.5M12 16.5V18';
