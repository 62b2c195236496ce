// Times here are epoch SECONDS (kline time); callers holding ms divide by 1000.
import { DEFAULT_SWAP_SCHEDULE, zoneOffsetMs } from '../../domain/swap.ts';

export type MarketClass = 'fx' | 'metal' | 'index' | 'eu-index' | 'energy' | 'crypto';
export const MARKET_CLASSES: readonly MarketClass[] = ['fx', 'metal', 'index', 'eu-index', 'energy', 'crypto'];

/** A stored class; a value no release knows trades forex's hours. */
export const marketClassOf = (v: string): MarketClass =>
  (MARKET_CLASSES as readonly string[]).includes(v) ? (v as MarketClass) : 'fx';

export const HOUR_S = 3600;
export const DAY_S = 86_400;
export const WEEK_S = 7 * DAY_S;

const SUNDAY_EPOCH_S = 3 * DAY_S;
/** A shut window in the class's wall-clock seconds after Sunday 00:00, [start, end); an end past the week runs on. */
type Shut = readonly [number, number];
const WEEKDAYS = [1, 2, 3, 4, 5];
const FRIDAY_CLOSE = 5 * DAY_S + 17 * HOUR_S;
const DAILY_BREAKS = WEEKDAYS.slice(0, 4).map((d): Shut => [d * DAY_S + 17 * HOUR_S, d * DAY_S + 18 * HOUR_S]);
const FUTURES_HOURS: readonly Shut[] = [...DAILY_BREAKS, [FRIDAY_CLOSE, WEEK_S + 18 * HOUR_S]];
/** Eurex's DAX futures session, 01:10 to 22:00, shut each night and from Friday's close to Monday's open. */
const EUREX_OPEN = HOUR_S + 10 * 60;
const EUREX_HOURS: readonly Shut[] = WEEKDAYS.map((d): Shut => [
  d * DAY_S + 22 * HOUR_S,
  (d === 5 ? d + 3 : d + 1) * DAY_S + EUREX_OPEN,
]);
/**
 * The weekly hours by class, as the windows each is shut on its exchange's clock (null: UTC). Forex and the US
 * futures keep New York's, as the swap rollover does (22:00 UTC in winter, 21:00 in summer). Forex trades from the
 * Sunday 17:00 open to the Friday 17:00 close without a break. Metals, indices and energy are exchange-traded
 * underneath: they open an hour later, on Sunday 18:00, and stop for the daily hour from 17:00 to 18:00 in which their
 * futures settle. A European index keeps Frankfurt's session. Crypto never shuts.
 */
const NEW_YORK = DEFAULT_SWAP_SCHEDULE.timeZone;
const HOURS: Record<MarketClass, { zone: string | null; shut: readonly Shut[] }> = {
  fx: { zone: NEW_YORK, shut: [[FRIDAY_CLOSE, WEEK_S + 17 * HOUR_S]] },
  metal: { zone: NEW_YORK, shut: FUTURES_HOURS },
  index: { zone: NEW_YORK, shut: FUTURES_HOURS },
  'eu-index': { zone: 'Europe/Berlin', shut: EUREX_HOURS },
  energy: { zone: NEW_YORK, shut: FUTURES_HOURS },
  crypto: { zone: null, shut: [] },
};
const shutOf = (cls: MarketClass): readonly Shut[] => HOURS[cls].shut;
/** A class's trading day starts at its week's open (its latest shut end), so a break belongs to the day it ends. */
const DAY_OFFSET_S = Object.fromEntries(
  MARKET_CLASSES.map((cls) => [cls, Math.max(0, ...shutOf(cls).map(([, end]) => end)) % DAY_S]),
) as Record<MarketClass, number>;

export const isAlwaysOpen = (cls: MarketClass): boolean => shutOf(cls).length === 0;

/** A zone's offset by UTC hour: it changes only on the hour, and a tick asks it per instrument. */
const offsets = new Map<string, Map<number, number>>();
function zoneOffsetS(zone: string, t: number): number {
  const hour = Math.floor(t / HOUR_S);
  let byHour = offsets.get(zone);
  if (!byHour) offsets.set(zone, (byHour = new Map<number, number>()));
  let offset = byHour.get(hour);
  if (offset === undefined) {
    if (byHour.size >= 4096) byHour.clear();
    offset = zoneOffsetMs(hour * HOUR_S * 1000, zone) / 1000;
    byHour.set(hour, offset);
  }
  return offset;
}
/**
 * An instant as the class's wall clock reads it, and back. New York's and Frankfurt's clocks change early on a Sunday,
 * inside every shut weekend, so open time runs alike on both clocks.
 */
function wallOf(cls: MarketClass, t: number): number {
  const zone = HOURS[cls].zone;
  return zone === null ? t : t + zoneOffsetS(zone, t);
}
function instantOf(cls: MarketClass, w: number): number {
  const zone = HOURS[cls].zone;
  return zone === null ? w : w - zoneOffsetS(zone, w - zoneOffsetS(zone, w));
}

/** The start of the week (Sunday 00:00) holding a wall-clock time. */
const weekOf = (w: number): number => w - ((((w - SUNDAY_EPOCH_S) % WEEK_S) + WEEK_S) % WEEK_S);

/** The shut window holding wall-clock time w, or null when open. Called per tick: arithmetic only. */
function shutAt(cls: MarketClass, w: number): readonly [number, number] | null {
  const base = weekOf(w);
  for (const [a, b] of shutOf(cls)) {
    if (w >= base + a && w < base + b) return [base + a, base + b];
    if (w < base + b - WEEK_S) return [base + a - WEEK_S, base + b - WEEK_S]; // last week's, running into this one
  }
  return null;
}

export function isOpenAt(cls: MarketClass, t: number): boolean {
  return shutAt(cls, wallOf(cls, t)) === null;
}

export function openSecondsIn(cls: MarketClass, from: number, to: number): number {
  if (to <= from) return 0;
  const [a, b] = [wallOf(cls, from), wallOf(cls, to)];
  let closed = 0;
  for (let base = weekOf(a) - WEEK_S; base < b; base += WEEK_S)
    for (const [s, e] of shutOf(cls)) closed += Math.max(0, Math.min(b, base + e) - Math.max(a, base + s));
  return b - a - closed;
}

/** t itself when open; the moment it shut when shut. */
export function lastOpenAtOrBefore(cls: MarketClass, t: number): number {
  const shut = shutAt(cls, wallOf(cls, t));
  return shut ? instantOf(cls, shut[0]) : t;
}

function nextChangeWall(cls: MarketClass, w: number): number {
  const shut = shutAt(cls, w);
  if (shut) return shut[1];
  const base = weekOf(w);
  return Math.min(...shutOf(cls).map(([a]) => (base + a > w ? base + a : base + a + WEEK_S)));
}

/** null for a market that never closes. */
export function nextStatusChange(cls: MarketClass, t: number): number | null {
  return isAlwaysOpen(cls) ? null : instantOf(cls, nextChangeWall(cls, wallOf(cls, t)));
}

/** The open session holding t, or the next one when shut, in seconds; null for a market that never closes. */
export function sessionAround(cls: MarketClass, t: number): { open: number; close: number } | null {
  if (isAlwaysOpen(cls)) return null;
  const w = wallOf(cls, t);
  const shut = shutAt(cls, w);
  const base = weekOf(w);
  // Open at w: each window's latest end at or before it (one ending later this week ended a week before).
  const lastEnd = (): number => Math.max(...shutOf(cls).map(([, b]) => (base + b > w ? base + b - WEEK_S : base + b)));
  const open = shut ? shut[1] : lastEnd();
  return { open: instantOf(cls, open), close: instantOf(cls, nextChangeWall(cls, open)) };
}

/** ForexQuotations Open/High/Low. */
export function tradingDayStart(cls: MarketClass, t: number): number {
  const at = lastOpenAtOrBefore(cls, t);
  // A market that shut at the boundary belongs to the day that just ended, not the one that starts then.
  const ref = wallOf(cls, isOpenAt(cls, t) ? at : at - 1);
  const offset = DAY_OFFSET_S[cls];
  return instantOf(cls, Math.floor((ref - offset) / DAY_S) * DAY_S + offset);
}

/**
 * The weekly hours with the scheduled closures laid over them, in ms: whether trading is open at `now`, and when that
 * next changes (null: never, as far as the hours and the closures given say).
 */
export function tradingStatusAt(
  cls: MarketClass,
  now: number,
  closures: readonly { startsAt: number; endsAt: number }[],
): { open: boolean; next: number | null } {
  const openAt = (ms: number): boolean =>
    isOpenAt(cls, Math.floor(ms / 1000)) && !closures.some((c) => c.startsAt <= ms && ms < c.endsAt);
  const edges = new Set<number>();
  for (const c of closures) for (const ms of [c.startsAt, c.endsAt]) if (ms > now) edges.add(ms);
  // Weekly edges as far as the last closure reaches, and one week beyond it.
  const horizon = Math.max(now, ...edges) + WEEK_S * 1000;
  for (let t = nextStatusChange(cls, Math.floor(now / 1000)); t !== null && t * 1000 <= horizon;) {
    edges.add(t * 1000);
    t = nextStatusChange(cls, t);
  }
  const open = openAt(now);
  const next = [...edges].sort((a, b) => a - b).find((ms) => openAt(ms) !== open);
  return { open, next: next ?? null };
}
