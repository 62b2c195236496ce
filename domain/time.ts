// Injected time for the app, the worker and the server, so tests pass fake clocks and timers instead of sleeping.

export interface Clock {
  now(): number;
}

/** Handles are opaque so Node, browser and fake timers all fit. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** The epoch has no leap seconds. */
export const DAY_MS = 86_400_000;

/** A time in the form logs, ops answers and e-mails print: UTC, to the millisecond. */
export const iso = (ms: number): string => new Date(ms).toISOString();
