// "Send code" with the 60 s countdown: starts only when sending succeeded, disabled while counting down.
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignals } from '@preact/signals-react/runtime';
import { createCountdown, RESEND_SECONDS } from '../state/countdown.ts';
import { browserTimers, systemClock, type Clock, type Timers } from '../state/clock.ts';
import './send-code-button.css';

export interface SendCodeButtonProps {
  /** Resolves true when the code was sent (the countdown then starts). */
  onSend: () => Promise<boolean>;
  timers?: Timers;
  clock?: Clock;
  seconds?: number;
}

export function SendCodeButton({ onSend, timers = browserTimers, clock = systemClock, seconds = RESEND_SECONDS }: SendCodeButtonProps): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const countdown = useMemo(() => createCountdown(seconds, timers, clock), [seconds, timers, clock]);
  const [sending, setSending] = useState(false);
  useEffect(() => () => countdown.stop(), [countdown]);
  const left = countdown.$left.value;

  const send = async (): Promise<void> => {
    setSending(true);
    try {
      if (await onSend()) countdown.start();
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
