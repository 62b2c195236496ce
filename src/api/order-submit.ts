// Order submit with an idempotency key (server/engine/idempotency.ts): one fresh key per attempt the trader makes,
// reused when the request is retried after a timeout or a dropped connection, so the server answers the retry with
// the first order instead of opening a second one.
import { apiRequest, ApiFailure, CODE_NETWORK } from './client.ts';
import { toast } from '../state/shell/toasts.ts';
import { hexOf } from '../../domain/hex.ts';
import type { Order } from '../../domain/types.ts';
import { IDEMPOTENCY_HEADER } from '../../domain/idempotency.ts';

export { IDEMPOTENCY_HEADER };

/** 128 random bits, base64url-safe characters (domain/idempotency.ts says what the server accepts). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return hexOf(bytes);
}

/** A transport failure where the request may have reached the server (no HTTP answer came back). */
export function mayHaveLanded(err: unknown): boolean {
  return err instanceof ApiFailure && err.code === CODE_NETWORK && !/^\d+$/.test(err.transport ?? '');
}

/** GET /v1/api/forex/submit with `key`; retried once with the same key when the answer was lost. A refusal is toasted
 * unless `toast` is false (the order form shows it under itself). */
export async function submitWithKey<P extends object>(
  params: P,
  key: string = newIdempotencyKey(),
  toastRefusal = true,
): Promise<Order> {
  const send = (quiet: boolean) =>
    apiRequest<Order>(
      {
        method: 'get',
        url: '/v1/api/forex/submit',
        params: { ...(params as Record<string, unknown>) },
        headers: { [IDEMPOTENCY_HEADER]: key },
      },
      { loading: true, toast: !quiet && toastRefusal },
    );
  try {
    return (await send(true)).data;
  } catch (err) {
    if (mayHaveLanded(err)) return (await send(false)).data;
    if (toastRefusal && err instanceof ApiFailure && err.msg) toast(err.msg);
    throw err;
  }
}
