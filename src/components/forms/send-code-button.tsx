// The wait is the server's (60 s when it says none); with a `target` it outlives the screen (endsAt).
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { signal } from '@preact/signals-react';
import { browserTimers, systemClock, type Clock, type Timers } from '../../state/shell/clock.ts';
import { CODE_RESEND_SECONDS } from '../../../domain/code-resend.ts';
import './send-code-button.css';

/**
 * The code-resend countdown (domain/code-resend.ts), on injected time; `$left` is 0 when idle. Computes what is left
 * from the clock, so a throttled background tab still re-enables the button on time.
 */
export function createCountdown(seconds: number, timers: Timers, clock: Clock) {
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
    /** A wait the server set may be shorter. */
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

/** true = the default wait, a number = that many seconds, false = none. */
export type SendResult = boolean | number;

interface SendCodeButtonProps {
  onSend: () => Promise<SendResult>;
  /** Undefined while the address is not known. */
  target?: string | undefined;
}

export function SendCodeButton({ onSend, target }: SendCodeButtonProps): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const countdown = useMemo(() => createCountdown(CODE_RESEND_SECONDS, browserTimers, systemClock), []);
  const [sending, setSending] = useState(false);
  useEffect(() => () => countdown.stop(), [countdown]);
  // Back on the page, or another address typed: the wait the server set for that address, if any is left.
  useEffect(() => {
    countdown.start(target ? cooldownLeft(target, systemClock) : 0);
  }, [countdown, target]);
  const left = countdown.$left.value;

  const send = async (): Promise<void> => {
    setSending(true);
    try {
      const result = await onSend();
      const wait = result === true ? CODE_RESEND_SECONDS : result === false ? 0 : result;
      if (wait > 0) {
        if (target) endsAt.set(target, systemClock.now() + wait * 1000);
        countdown.start(wait);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <button
      type="button"
      className="send-code"
      disabled={sending || left > 0}
      onClick={() => void send()}
      data-testid="send-code"
    >
      {left > 0 ? t('auth.resend_in', { seconds: left }) : t('auth.send_code')}
    </button>
  );
}

// Outside the screen, so leaving /mine/password and coming back does not re-enable "Send code" early.
const endsAt = new Map<string, number>();

/** Whole seconds; 0: send now. */
function cooldownLeft(target: string, clock: Clock): number {
  const end = endsAt.get(target);
  if (end === undefined) return 0;
  const left = Math.ceil((end - clock.now()) / 1000);
  if (left <= 0) endsAt.delete(target);
  return Math.max(0, left);
}

export function forgetCooldowns(): void {
  endsAt.clear();
}
