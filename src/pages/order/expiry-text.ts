// Named as the UTC day it ends: the stored instant, 00:00 UTC the day after, read as the wrong day in local time.
import type { TFunction } from '../../i18n/index.ts';
import { formatDate } from '../../i18n/format.ts';
import { parseWireTime } from '../../../domain/wire-time.ts';
import { DAY_MS } from '../../../domain/time.ts';

const DAY_OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };

/** '' for none (good till cancelled) or unreadable. */
export function expiryText(t: TFunction, expireTime: string | undefined): string {
  const ms = expireTime ? parseWireTime(expireTime) : null;
  if (ms === null) return '';
  // The last day the order lives: the UTC day that ends at the stored instant.
  return t('trade.expiry_end_of', { date: formatDate(ms - DAY_MS / 2, DAY_OPTIONS) });
}
