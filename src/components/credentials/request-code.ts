// The answer's key lets the form spend its checks and watch the code's delivery.
import { sendCode, type CodePurpose, type LoginType } from '../../api/account.ts';
import { ApiFailure } from '../../api/client.ts';
import type { SendResult } from '../forms/send-code-button.tsx';
import { toast } from '../../state/shell/toasts.ts';
import { translate } from '../../i18n/index.ts';
import { browserTimers, type Timers } from '../../state/shell/clock.ts';
import { validateAccount, type AccountField, type FieldError } from './validation.ts';
import { codeDelivery, type CodeDelivery } from '../../api/notices.ts';

// A send answers before delivery is tried (docs/notifications.md "A code that was not sent").
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

/** Long enough to read and act on: the trader has to ask again. */
const NOT_SENT_MS = 8000;

/** The watch of the last code sent from this page: a new send replaces it. */
let stopWatch: () => void = () => undefined;

function resendAfter(data: unknown): number | null {
  const v = typeof data === 'object' && data !== null ? (data as { resend_after?: unknown }).resend_after : undefined;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
}

/** The SendCodeButton's `target` for an address: the wait is the server's per channel and address. */
export const codeTarget = (channel: LoginType, to: string): string => `${channel}:${to.trim().toLowerCase()}`;

/** Answers the server's wait, also after a too-soon refusal, so the button counts down what the server would refuse. */
export async function requestCode(
  channel: LoginType,
  to: string,
  areaId: number | undefined,
  purpose: CodePurpose,
  sentText: string,
  onKey: (key: string) => void,
): Promise<SendResult> {
  try {
    const env = await sendCode(channel, to, areaId, purpose);
    const key = env.data?.key ?? '';
    onKey(key);
    toast(env.msg || sentText);
    // The send answered before delivery was tried: tell the trader if the code then could not be sent.
    stopWatch();
    stopWatch = watchCodeDelivery(key, () => toast(translate('notices.code_not_sent'), browserTimers, NOT_SENT_MS));
    return resendAfter(env.data) ?? true;
  } catch (err) {
    return err instanceof ApiFailure ? (resendAfter(err.data) ?? false) : false;
  }
}

/** Check the address first, then send the code (the area code only for a mobile number). */
export async function requestAccountCode(
  req: {
    type: LoginType;
    account: string;
    areaId: number | undefined;
    purpose: CodePurpose;
    sentText: string;
    onKey: (key: string) => void;
  },
  setError: (error: FieldError<AccountField> | null) => void,
): Promise<SendResult> {
  const problem = validateAccount(req.type, req.account);
  setError(problem);
  if (problem) return false;
  const areaId = req.type === 'mobile' ? req.areaId : undefined;
  return requestCode(req.type, req.account.trim(), areaId, req.purpose, req.sentText, req.onKey);
}
