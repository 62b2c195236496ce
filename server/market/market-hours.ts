// Times here are epoch SECONDS (kline time); callers holding ms divide by 1000.

export type MarketClass = 'fx' | 'metal' | 'index' | 'energy' | 'crypto';
export const MARKET_CLASSES: readonly MarketClass[] = ['fx', 'metal', 'index', 'energy', 'crypto'];

export const HOUR_S = 3600;
export const DAY_S = 86_400;
export const WEEK_S = 7 * DAY_S;

const SUNDAY_EPOCH_S = 3 * DAY_S;
/** A shut window, seconds after Sunday 00:00 UTC, [start, end); an end past the week runs into the next. */
type Shut = readonly [number, number];
const FRIDAY_CLOSE = 5 * DAY_S + 22 * HOUR_S;
const DAILY_BREAKS = [1, 2, 3, 4].map((day): Shut => [day * DAY_S + 22 * HOUR_S, day * DAY_S + 23 * HOUR_S]);
const FUTURES_HOURS: readonly Shut[] = [...DAILY_BREAKS, [FRIDAY_CLOSE, WEEK_S + 23 * HOUR_S]];
/**
 * The weekly hours by class, as the windows each is shut. Forex trades from the Sunday 22:00 open to the Friday
 * 22:00 close (the New York 17:00) without a break. Metals, indices and energy are exchange-traded underneath: they
 * open an hour later, on Sunday 23:00, and stop for the daily hour from 22:00 to 23:00 UTC in which their futures
 * settle. Crypto never shuts.
 */
const SHUT: Record<MarketClass, readonly Shut[]> = {
  fx: [[FRIDAY_CLOSE, WEEK_S + 22 * HOUR_S]],
  metal: FUTURES_HOURS,
  index: FUTURES_HOURS,
  energy: FUTURES_HOURS,
  crypto: [],
};
/** A class's trading day starts at its week's open (its latest shut end), so a break belongs to the day it ends. */
const DAY_OFFSET_S = Object.fromEntries(
  MARKET_CLASSES.map((cls) => [cls, Math.max(0, ...SHUT[cls].map(([, end]) => end)) % DAY_S]),
) as Record<MarketClass, number>;

export const isAlwaysOpen = (cls: MarketClass): boolean => SHUT[cls].length === 0;

/** The start of the week (Sunday 00:00 UTC) holding t. */
const weekOf = (t: number): number => t - ((((t - SUNDAY_EPOCH_S) % WEEK_S) + WEEK_S) % WEEK_S);

/** The shut window holding t, in absolute seconds, or null when open. Called per tick: arithmetic only. */
function shutAt(cls: MarketClass, t: number): readonly [number, number] | null {
  const base = weekOf(t);
  for (const [a, b] of SHUT[cls]) {
    if (t >= base + a && t < base + b) return [base + a, base + b];
    if (t < base + b - WEEK_S) return [base + a - WEEK_S, base + b - WEEK_S]; // last week's, running into this one
  }
  return null;
}

export function isOpenAt(cls: MarketClass, t: number): boolean {
  return shutAt(cls, t) === null;
}

export function openSecondsIn(cls: MarketClass, from: number, to: number): number {
  if (to <= from) return 0;
  let closed = 0;
  for (let base = weekOf(from) - WEEK_S; base < to; base += WEEK_S)
    for (const [a, b] of SHUT[cls]) closed += Math.max(0, Math.min(to, base + b) - Math.max(from, base + a));
  return to - from - closed;
}

/** t itself when open; the moment it shut when shut. */
export function lastOpenAtOrBefore(cls: MarketClass, t: number): number {
  return shutAt(cls, t)?.[0] ?? t;
}

/** null for a market that never closes. */
export function nextStatusChange(cls: MarketClass, t: number): number | null {
  if (isAlwaysOpen(cls)) return null;
  const shut = shutAt(cls, t);
  if (shut) return shut[1];
  const base = weekOf(t);
  return Math.min(...SHUT[cls].map(([a]) => (base + a > t ? base + a : base + a + WEEK_S)));
}

/** The open session holding t, or the next one when shut, in seconds; null for a market that never closes. */
export function sessionAround(cls: MarketClass, t: number): { open: number; close: number } | null {
  if (isAlwaysOpen(cls)) return null;
  const shut = shutAt(cls, t);
  const base = weekOf(t);
  // Open at t: each window's latest end at or before it (one ending later this week ended a week before).
  const lastEnd = (): number => Math.max(...SHUT[cls].map(([, b]) => (base + b > t ? base + b - WEEK_S : base + b)));
  const open = shut ? shut[1] : lastEnd();
  return { open, close: nextStatusChange(cls, open) ?? open };
}

/** ForexQuotations Open/High/Low. */
export function tradingDayStart(cls: MarketClass, t: number): number {
  const at = lastOpenAtOrBefore(cls, t);
  // A market that shut at the boundary belongs to the day that just ended, not the one that starts then.
  const ref = isOpenAt(cls, t) ? at : at - 1;
  const offset = DAY_OFFSET_S[cls];
  return Math.floor((ref - offset) / DAY_S) * DAY_S + offset;
}

/** A scheduled closure's window, ms epoch: [startsAt, endsAt). */
export interface ClosedWindow {
  startsAt: number;
  endsAt: number;
}

/**
 * The weekly hours with the scheduled closures laid over them, in ms: whether trading is open at `now`, and when that
 * next changes (null: never, as far as the hours and the closures given say).
 */
export function tradingStatusAt(
  cls: MarketClass,
  now: number,
  closures: readonly ClosedWindow[],
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
