// Times here are epoch SECONDS (kline time); callers holding ms divide by 1000.

export type MarketClass = 'fx' | 'metal' | 'index' | 'energy' | 'crypto';
export const MARKET_CLASSES: readonly MarketClass[] = ['fx', 'metal', 'index', 'energy', 'crypto'];

export const HOUR_S = 3600;
export const DAY_S = 86_400;
export const WEEK_S = 7 * DAY_S;

const SUNDAY_EPOCH_S = 3 * DAY_S;
/** The weekly close starts Friday 22:00 (seconds after Sunday 00:00) and lasts until Sunday 22:00. */
const WEEKEND_START = 5 * DAY_S + 22 * HOUR_S;
const WEEKEND_LENGTH = 2 * DAY_S;
/** As the specification sheet states it. */
export const WEEKLY_SESSION = { open: (WEEKEND_START + WEEKEND_LENGTH) % WEEK_S, close: WEEKEND_START } as const;
/** The New York 17:00 close; crypto days roll at 00:00 UTC. */
const FX_DAY_OFFSET_S = 22 * HOUR_S;

export const isAlwaysOpen = (cls: MarketClass): boolean => cls === 'crypto';

function weekendStartAtOrBefore(t: number): number {
  const k = Math.floor((t - SUNDAY_EPOCH_S - WEEKEND_START) / WEEK_S);
  return SUNDAY_EPOCH_S + k * WEEK_S + WEEKEND_START;
}

export function isOpenAt(cls: MarketClass, t: number): boolean {
  if (isAlwaysOpen(cls)) return true;
  const ws = weekendStartAtOrBefore(t);
  return t >= ws + WEEKEND_LENGTH;
}

export function openSecondsIn(cls: MarketClass, from: number, to: number): number {
  if (to <= from) return 0;
  const total = to - from;
  if (isAlwaysOpen(cls)) return total;
  let closed = 0;
  for (let ws = weekendStartAtOrBefore(from); ws < to; ws += WEEK_S) {
    const a = Math.max(from, ws);
    const b = Math.min(to, ws + WEEKEND_LENGTH);
    if (b > a) closed += b - a;
  }
  return total - closed;
}

/** t itself when open; the Friday close when shut. */
export function lastOpenAtOrBefore(cls: MarketClass, t: number): number {
  if (isOpenAt(cls, t)) return t;
  return weekendStartAtOrBefore(t);
}

/** null for a market that never closes. */
export function nextStatusChange(cls: MarketClass, t: number): number | null {
  if (isAlwaysOpen(cls)) return null;
  const ws = weekendStartAtOrBefore(t);
  const reopen = ws + WEEKEND_LENGTH;
  return t < reopen ? reopen : ws + WEEK_S;
}

/** ForexQuotations Open/High/Low. */
export function tradingDayStart(cls: MarketClass, t: number): number {
  const at = lastOpenAtOrBefore(cls, t);
  // A market that shut at the boundary belongs to the day that just ended, not the one that starts then.
  const ref = isOpenAt(cls, t) ? at : at - 1;
  const offset = isAlwaysOpen(cls) ? 0 : FX_DAY_OFFSET_S;
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
