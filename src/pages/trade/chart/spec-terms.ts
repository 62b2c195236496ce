// The specification sheet's rows from GET /v1/api/retail/spec. Formatting only: every figure is the server's.
import type { InstrumentSpec } from '../../../../domain/retail.ts';
import { formatDate, formatNumber } from '../../../i18n/format.ts';

type Translate = (key: string, values?: Record<string, string | number>) => string;

const WEEKDAY_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** 1970-01-04 was a Sunday. */
const weekday = (day: number): string =>
  formatDate(Date.UTC(1970, 0, 4 + day, 12), { weekday: 'long', timeZone: 'UTC' });

const points = (t: Translate, n: number): string => t('spec.points_value', { points: formatNumber(n) });

function swap(t: Translate, s: InstrumentSpec, rate: string): string {
  const key = s.swap_mode === 'percent' ? 'spec.swap_percent_value' : 'spec.swap_points_value';
  return t(key, { rate: formatNumber(rate) });
}

/** In the trader's zone, placed from the next open or close the server gave. */
function hours(t: Translate, s: InstrumentSpec): string {
  if (s.always_open || s.next_change === null || s.week_open === null || s.week_close === null)
    return t('spec.hours_always');
  const length = (s.week_close - s.week_open) * 1000;
  const open = s.open ? s.next_change - length : s.next_change;
  return t('spec.hours_week', {
    open: formatDate(open, WEEKDAY_TIME),
    close: formatDate(open + length, WEEKDAY_TIME),
  });
}

function spread(t: Translate, s: InstrumentSpec): string {
  if (s.spread_rule === 'fixed') return points(t, s.spread_points);
  if (s.spread_rule === 'widen') return t('spec.spread_widen_value', { points: formatNumber(s.spread_points) });
  return t('spec.spread_none_value');
}

/** As ESMA states it: 1 / cap (×30 → 3.33 %). */
export function retailMargin(t: Translate, cap: number | null | undefined): string {
  if (cap === undefined) return '--';
  if (cap === null) return t('spec.no_cap');
  return `${formatNumber(1 / cap, { style: 'percent', maximumFractionDigits: 2 })} (×${cap})`;
}

/** In the sheet's order after the trade_list rows. */
export function specTermsRows(t: Translate, s: InstrumentSpec | null): Array<[string, string]> {
  if (!s) return [];
  const next =
    s.next_change === null
      ? t('spec.hours_always')
      : t(s.open ? 'spec.next_close_value' : 'spec.next_open_value', { at: formatDate(s.next_change) });
  return [
    ['spec.typical_spread', spread(t, s)],
    ['spec.swap_long', swap(t, s, s.swap_long)],
    ['spec.swap_short', swap(t, s, s.swap_short)],
    [
      'spec.swap_triple',
      t('spec.swap_triple_value', { day: weekday(s.swap_triple_day), time: s.swap_time, zone: s.swap_zone }),
    ],
    ['spec.hours', hours(t, s)],
    ['spec.next_change', next],
    ['spec.stop_level', s.stop_level > 0 ? points(t, s.stop_level) : t('spec.stop_level_none')],
  ];
}
