// Overnight swaps (docs/trading.md "Swaps"); a rollover is a wall-clock time in a zone, so DST moves its UTC instant.
import { dec } from './decimal.ts';
import { money, type ContractSpec, type Side } from './trade-maths.ts';
import type { Lots, Price, Usd } from './units.ts';
import { DAY_MS } from './time.ts';

export type SwapMode = 'points' | 'percent';

export interface SwapTerms {
  /** Points per lot, or percent a year of the position's value; negative = the trader pays. */
  longRate: string;
  shortRate: string;
  mode: SwapMode;
  rolloverTime: string;
  timeZone: string;
  /** In `timeZone`: its rollover counts three nights (the weekend). */
  tripleDay: number;
}

export const DEFAULT_SWAP_SCHEDULE = { rolloverTime: '17:00', timeZone: 'America/New_York', tripleDay: 3 } as const;
/** The money-market convention for USD. */
export const SWAP_DAYS_A_YEAR = 360;

export interface Rollover {
  at: number;
  nights: number;
}

interface Local {
  y: number;
  m: number; // 1-12
  d: number;
  weekday: number; // 0 Sunday
  wallMs: number; // the local wall time read as if it were UTC
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function local(at: number, timeZone: string): Local {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(at)) parts[p.type] = p.value;
  const n = (k: string): number => Number(parts[k]);
  const wallMs = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return { y: n('year'), m: n('month'), d: n('day'), weekday: WEEKDAYS.indexOf(parts.weekday ?? ''), wallMs };
}

/** A dealer's typo is refused, not read as UTC. */
export function validTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms (negative west of Greenwich). */
export function zoneOffsetMs(at: number, timeZone: string): number {
  const whole = Math.floor(at / 1000) * 1000; // the formatter reads whole seconds
  return local(whole, timeZone).wallMs - whole;
}

/** DST-aware: the offset of that very instant. */
export function zonedInstant(y: number, m: number, d: number, hh: number, mm: number, timeZone: string): number {
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let at = wall - (local(wall, timeZone).wallMs - wall);
  // A DST change between the first guess and the answer moves the offset: once more.
  at = wall - (local(at, timeZone).wallMs - at);
  return at;
}

export function parseRolloverTime(text: string): { hh: number; mm: number } | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return m ? { hh: Number(m[1]), mm: Number(m[2]) } : null;
}

/** (from, to], oldest first; none on weekends (the triple day pays); `periodMs` speeds it up for the soak. */
export function rolloversBetween(
  fromExclusive: number,
  toInclusive: number,
  terms: Pick<SwapTerms, 'rolloverTime' | 'timeZone' | 'tripleDay'>,
  periodMs = 0,
): Rollover[] {
  const out: Rollover[] = [];
  if (toInclusive <= fromExclusive) return out;
  if (periodMs > 0) {
    for (let k = Math.floor(fromExclusive / periodMs) + 1; k * periodMs <= toInclusive; k++) {
      out.push({ at: k * periodMs, nights: 1 });
    }
    return out;
  }
  const time = parseRolloverTime(terms.rolloverTime) ?? { hh: 17, mm: 0 };
  const start = local(fromExclusive, terms.timeZone);
  // From the day before `from` to the day after `to`: a zone's offset is under a day.
  for (let day = Date.UTC(start.y, start.m - 1, start.d) - DAY_MS; day <= toInclusive + 2 * DAY_MS; day += DAY_MS) {
    const date = new Date(day);
    const weekday = date.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const at = zonedInstant(
      date.getUTCFullYear(),
      date.getUTCMonth() + 1,
      date.getUTCDate(),
      time.hh,
      time.mm,
      terms.timeZone,
    );
    if (at > fromExclusive && at <= toInclusive) out.push({ at, nights: weekday === terms.tripleDay ? 3 : 1 });
  }
  return out;
}

/** money()-rounded, negative = charged to the trader; percent a year is per SWAP_DAYS_A_YEAR. */
export function swapAmount(
  terms: Pick<SwapTerms, 'longRate' | 'shortRate' | 'mode'>,
  spec: ContractSpec,
  pricePrecision: number,
  side: Side,
  quantity: Lots,
  atPrice: Price,
  nights: number,
): Usd {
  const rate = dec(side === 'buy' ? terms.longRate : terms.shortRate);
  const units = quantity.times(dec(spec.ForexContNum));
  const perNight =
    terms.mode === 'points'
      ? units.times(rate).times(dec(10).pow(-pricePrecision))
      : units.times(atPrice).times(rate).div(100).div(SWAP_DAYS_A_YEAR);
  return money(perNight.times(nights));
}
