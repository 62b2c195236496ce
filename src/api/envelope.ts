// The envelope rules of docs/contract.md §7–§8 without axios: the failure type, the base address, 999 → sign out → /login.
// Kept apart from http.ts so the first screen (which needs the socket address) does not load axios.
import { CODE_SESSION, type Envelope } from '../../domain/types.ts';
import { $token, signOut } from '../state/account/session.ts';
import { toast } from '../state/shell/toasts.ts';
import { systemClock, type Clock } from '../state/shell/clock.ts';
import { currentPath, loginPath, navigateTo } from '../state/shell/navigator.ts';
import { formatDate, translate } from '../i18n/index.ts';
import { apiBase, wsUrl } from './api-address.ts';

export { apiBase, wsUrl };

export interface CallOptions {
  toast?: boolean; // default true: show msg on failure
  loading?: boolean; // blocking spinner while the call runs
  initial?: boolean; // a start-up call: 999 clears the session but does not redirect
}

/** Code of an ApiFailure for a transport failure (no envelope came back). */
export const CODE_NETWORK = -1;

export class ApiFailure extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    /** For CODE_NETWORK: the HTTP status or axios error code, e.g. "502" or "ERR_NETWORK". */
    readonly transport: string | null = null,
    /** The failure's data: null, or what the server says besides its text (a refused resend's { resend_after }). */
    readonly data: unknown = null,
  ) {
    super(msg || `code ${code}`);
    this.name = 'ApiFailure';
  }
}

/** Where the `t` timestamp comes from (tests pin it). */
export const apiClock: { current: Clock } = { current: systemClock };

/** manifest.json is fetched from the page's own origin and is not an envelope: no error handling (docs/contract.md §7). */
export function isExempt(url: string | undefined): boolean {
  return !!url && /(^|\/)manifest\.json(\?|$)/.test(url);
}

export function isEnvelope(v: unknown): v is Envelope<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';
}

/** When a 999 says its session was ended from another device (docs/security.md "Sessions and devices"), or null. */
function signedOutAt(env: Envelope<unknown>): number | null {
  const at = (env.data as { signed_out_at?: unknown } | null)?.signed_out_at;
  return typeof at === 'number' ? at : null;
}

function sessionGone(env: Envelope<unknown>, call: CallOptions): void {
  signOut();
  const at = signedOutAt(env);
  // Ended from another device: said with the time in the reader's zone, even by a start-up check, so the trader
  // knows it was not the app (a plain expiry at start-up stays silent).
  if (at !== null) toast(translate('errors.signed_out_elsewhere_at', { time: formatDate(at) }));
  if (call.initial) return; // a start-up check with an old token: stay where we are, signed out
  const here = currentPath();
  if (at === null && call.toast !== false && env.msg) toast(env.msg);
  if (!here.startsWith('/login')) navigateTo(loginPath(here), { replace: true });
}

/**
 * The live socket says this session is over (refused login, or revoked: `at` when it was ended from another device):
 * the same as a REST 999, while there is a session to end.
 */
export function socketSessionRejected(msg: string, at?: number): void {
  if (!$token.peek()) return;
  sessionGone({ code: CODE_SESSION, msg, data: at === undefined ? null : { signed_out_at: at } }, {});
}

export function rejectEnvelope(env: Envelope<unknown>, call: CallOptions): never {
  if (env.code === CODE_SESSION) sessionGone(env, call);
  else if (call.toast !== false && env.msg) toast(env.msg);
  throw new ApiFailure(env.code, env.msg, null, env.data);
}
