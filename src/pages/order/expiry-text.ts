// A pending order's expiry as the trader reads it (docs/trading.md "Pending orders"). The server stores the instant
// the order expires: 00:00 UTC of the day after the chosen date (or after today, for "end of day"). Printed as an
// instant in the trader's zone it read as the wrong day ("12/01/2026, 00:00" for 30 Nov), so it is named as the day
// it ends: "End of 30 Nov 2026 (UTC)".
import type { TFunction } from '../../i18n/index.ts';
import { formatDate } from '../../i18n/format.ts';
import { parseWireTime } from '../../../domain/wire-time.ts';
import { DAY_MS } from '../../../domain/time.ts';

const DAY_OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };

/** The expiry's text: "End of 30 Nov 2026 (UTC)"; '' for none (good till cancelled) or unreadable. */
export function expiryText(t: TFunction, expireTime: string | undefined): string {
  const ms = expireTime ? parseWireTime(expireTime) : null;
  if (ms === null) return '';
  // The last day the order lives: the UTC day that ends at the stored instant.
  return t('trade.expiry_end_of', { date: formatDate(ms - DAY_MS / 2, DAY_OPTIONS) });
}
