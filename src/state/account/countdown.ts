// The code-resend countdown (domain/code-resend.ts), on injected time.
import { signal, type ReadonlySignal } from '@preact/signals-react';
import { browserTimers, systemClock, type Clock, type Timers } from '../shell/clock.ts';
import { CODE_RESEND_SECONDS } from '../../../domain/code-resend.ts';

export const RESEND_SECONDS = CODE_RESEND_SECONDS;

export interface Countdown {
  /** 0 when idle. */
  readonly $left: ReadonlySignal<number>;
  /** `from` defaults to `seconds`: a wait the server set may be shorter. */
  start(from?: number): void;
  stop(): void;
}

/** Computes what is left from the clock, so a throttled background tab still re-enables the button on time. */
export function createCountdown(
  seconds = RESEND_SECONDS,
  timers: Timers = browserTimers,
  clock: Clock = systemClock,
): Countdown {
  const $left = signal(0, { name: 'countdown.$left' });
  let handle: unknown = null;
  let endsAt = 0;

  function stop(): void {
    if (handle !== null) timers.clearInterval(handle);
    handle = null;
    $left.value = 0;
  }

  function tick(): void {
    const left = Math.max(0, Math.ceil((endsAt - clock.now()) / 1000));
    if (left === 0) stop();
    else $left.value = left;
  }

  return {
    $left,
    start(from = seconds) {
      stop();
      if (from <= 0) return;
      endsAt = clock.now() + from * 1000;
      $left.value = from;
      handle = timers.setInterval(tick, 1000);
    },
    stop,
  };
}
