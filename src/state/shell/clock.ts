// Tests pass fake clocks and timers.

import type { Clock, Timers } from '../../../domain/time.ts';

export type { Clock, Timers };

export const systemClock: Clock = { now: () => Date.now() };

// Bound lazily so vitest's fake timers, installed after import, still take effect.
export const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>),
};

/** The one place that calls requestAnimationFrame. */
export const animationFrames = {
  request: (cb: () => void): number => globalThis.requestAnimationFrame(cb),
  cancel: (id: number): void => globalThis.cancelAnimationFrame(id),
};

/** After `timeoutMs` whatever happens; at once (after a task) in a browser without requestIdleCallback. */
export function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof globalThis.requestIdleCallback === 'function')
      globalThis.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else globalThis.setTimeout(resolve, 0);
  });
}
