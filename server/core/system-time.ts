// The only place the server reads wall time; everything else gets it injected.
import type { Clock, Timers } from '../../domain/time.ts';

export const systemClock: Clock = { now: () => Date.now() };

export const systemTimers: Timers = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** SIM_TIME: demos and browser tests can run the market on a weekday when the real forex market is closed. */
export function shiftedClock(startAt: number, base: Clock = systemClock): Clock {
  const offset = startAt - base.now();
  return { now: () => base.now() + offset };
}
