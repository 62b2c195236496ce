// The wait is the server's (60 s when it says none); with a `target` it outlives the screen (rememberCooldown).
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { createCountdown, RESEND_SECONDS } from '../../state/account/countdown.ts';
import { browserTimers, systemClock, type Clock, type Timers } from '../../state/shell/clock.ts';
import './send-code-button.css';

/** true = the default wait, a number = that many seconds, false = none. */
export type SendResult = boolean | number;

export interface SendCodeButtonProps {
  onSend: () => Promise<SendResult>;
  /** Undefined while the address is not known. */
  target?: string | undefined;
  timers?: Timers;
  clock?: Clock;
  seconds?: number;
}

export function SendCodeButton({
  onSend,
  target,
  timers = browserTimers,
  clock = systemClock,
  seconds = RESEND_SECONDS,
}: SendCodeButtonProps): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const countdown = useMemo(() => createCountdown(seconds, timers, clock), [seconds, timers, clock]);
  const [sending, setSending] = useState(false);
  useEffect(() => () => countdown.stop(), [countdown]);
  // Back on the page, or another address typed: the wait the server set for that address, if any is left.
  useEffect(() => {
    countdown.start(target ? cooldownLeft(target, clock) : 0);
  }, [countdown, target, clock]);
  const left = countdown.$left.value;

  const send = async (): Promise<void> => {
    setSending(true);
    try {
      const result = await onSend();
      const wait = result === true ? seconds : result === false ? 0 : result;
      if (wait > 0) {
        if (target) rememberCooldown(target, wait, clock);
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

export function rememberCooldown(target: string, seconds: number, clock: Clock): void {
  endsAt.set(target, clock.now() + seconds * 1000);
}

/** Whole seconds; 0: send now. */
export function cooldownLeft(target: string, clock: Clock): number {
  const end = endsAt.get(target);
  if (end === undefined) return 0;
  const left = Math.ceil((end - clock.now()) / 1000);
  if (left <= 0) endsAt.delete(target);
  return Math.max(0, left);
}

export function forgetCooldowns(): void {
  endsAt.clear();
}
