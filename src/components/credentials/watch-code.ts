// A send answers before delivery is tried (docs/notifications.md "A code that was not sent").
import { codeDelivery, type CodeDelivery } from '../../api/notices.ts';
import { browserTimers, type Timers } from '../../state/shell/clock.ts';

export const CODE_WATCH_MS = 3000;
export const CODE_WATCH_TRIES = 60; // three minutes: the queue's first retries fit in it

/** Answers the function that stops the watch (the form left or sent again). */
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
