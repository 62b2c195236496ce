// The {code, msg, data} envelope of docs/contract.md §7–§8 and the typed error every route throws.
import { CODE_ERROR, CODE_OK, CODE_SESSION, type Envelope } from '../../domain/types.ts';

/** An expected, user-facing failure: `key` is an i18n key under `errors.` in locales/*.json, or a dotted key of a feature's own section. */
export class ApiError extends Error {
  constructor(
    readonly key: string,
    readonly code: number = CODE_ERROR,
    readonly params: Record<string, string | number> = {},
    /** HTTP status of the answer: 200 for the envelope's business errors, 429 for a spent budget. */
    readonly status: number = 200,
    readonly headers: Record<string, string> = {},
    /** What a failure may tell the client besides its text (FAILURE's data: null, { resend_after },
     * { second_factor: 1 } when a second-factor code is what is missing, or { signed_out_at } on a 999 for a session
     * ended from another device). */
    readonly data: { resend_after: number } | { second_factor: 1 } | { signed_out_at: number } | null = null,
  ) {
    super(key);
  }
}

export const sessionGone = (): ApiError => new ApiError('session_expired', CODE_SESSION);

/** 999 for a token whose session was ended from another device at `at` (ms): the device is told so, with when. */
export const signedOutElsewhere = (at: number): ApiError =>
  new ApiError('signed_out_elsewhere', CODE_SESSION, {}, 200, {}, { signed_out_at: at });

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: CODE_OK, msg, data };
}
