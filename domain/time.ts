// Injected time, one declaration for the app, the worker and the server: heartbeats, countdowns, fund accrual and
// the engine take these, so tests pass fake clocks and timers instead of sleeping.

/** Wall clock, ms epoch. */
export interface Clock {
  now(): number;
}

/** Timer functions; handles are opaque so Node, browser and fake timers all fit. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** One day in ms: a UTC day's length (the epoch has no leap seconds). */
export const DAY_MS = 86_400_000;
