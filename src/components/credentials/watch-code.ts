// After a code is sent, the form asks now and then whether it reached its gateway (docs/notifications.md "A code that
// was not sent"): the send answers before delivery is even tried, so a failure (the SMTP server or the SMS gateway
// refused it for good, or the retries ran out) can only be told afterwards. On "failed" the trader is told, in their
// language, that the code was not sent and to try again; on "sent", or after a few minutes, the watch ends.
import { codeDelivery, type CodeDelivery } from '../../api/notices.ts';
import { browserTimers, type Timers } from '../../state/shell/clock.ts';

export const CODE_WATCH_MS = 3000;
export const CODE_WATCH_TRIES = 60; // three minutes: the queue's first retries fit in it

/** Starts watching the code named `key`; answers the function that stops the watch (the form left or sent again). */
export function watchCodeDelivery(
  key: string,
  onFailed: () => void,
  timers: Timers = browserTimers,
  ask: (key: string) => Promise<{ state: CodeDelivery }> = codeDelivery,
): () => void {
  let stopped = false;
  let handle: unknown;
  let tries = 0;
  const check = (): void => {
    if (stopped) return;
    tries += 1;
    ask(key).then(
      ({ state }) => {
        if (stopped) return;
        if (state === 'failed') onFailed();
        else if (state === 'pending' && tries < CODE_WATCH_TRIES) handle = timers.setTimeout(check, CODE_WATCH_MS);
      },
      () => undefined, // offline or refused: the code may well have arrived; nothing more to say
    );
  };
  if (key) handle = timers.setTimeout(check, CODE_WATCH_MS);
  return () => {
    stopped = true;
    timers.clearTimeout(handle);
  };
}
