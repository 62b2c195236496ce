import { CODE_ERROR, CODE_OK, CODE_SESSION, type Envelope } from '../../domain/types.ts';

/** `key` is under `errors.` in locales/*.json, or a dotted key of a feature's own section. */
export class ApiError extends Error {
  readonly key: string;
  readonly code: number;
  readonly params: Record<string, string | number>;
  /** 200 for the envelope's business errors, 429 for a spent budget. */
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly data: { resend_after: number } | { second_factor: 1 } | { signed_out_at: number } | null;
  constructor(
    key: string,
    code: number = CODE_ERROR,
    params: Record<string, string | number> = {},
    status: number = 200,
    headers: Record<string, string> = {},
    data: { resend_after: number } | { second_factor: 1 } | { signed_out_at: number } | null = null,
  ) {
    super(key);
    this.key = key;
    this.code = code;
    this.params = params;
    this.status = status;
    this.headers = headers;
    this.data = data;
  }
}

export const fieldInvalid = (field: string): ApiError => new ApiError('field_invalid', CODE_ERROR, { field });

/** A spent budget or a brake: the client is told how many seconds to wait. */
export const tooManyRequests = (waitMs: number): ApiError =>
  new ApiError('too_many_requests', CODE_ERROR, {}, 429, {
    'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
  });

export const sessionGone = (): ApiError => new ApiError('session_expired', CODE_SESSION);

/** The device is told its session was ended elsewhere, and when. */
export const signedOutElsewhere = (at: number): ApiError =>
  new ApiError('signed_out_elsewhere', CODE_SESSION, {}, 200, {}, { signed_out_at: at });

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: CODE_OK, msg, data };
}
