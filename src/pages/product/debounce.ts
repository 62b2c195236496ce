// A debouncer with injected timers: only the last call within `ms` runs (search as you type).
import type { Timers } from '../../state/shell/clock.ts';

export interface Debouncer {
  run(fn: () => void): void;
  cancel(): void;
}

export function debouncer(timers: Pick<Timers, 'setTimeout' | 'clearTimeout'>, ms: number): Debouncer {
  let handle: unknown = null;
  const cancel = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  return {
    run(fn) {
      cancel();
      handle = timers.setTimeout(() => {
        handle = null;
        fn();
      }, ms);
    },
    cancel,
  };
}
