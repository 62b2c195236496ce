// The real clock and timers: the only place the server reads wall time; everything else gets them injected.
import type { Clock, Timers } from '../context.ts';

export const systemClock: Clock = { now: () => Date.now() };

export const systemTimers: Timers = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};
