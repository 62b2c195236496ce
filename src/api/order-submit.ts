// A retry reuses the attempt's key (server/engine/idempotency.ts), so the server answers it with the first order.
import { apiRequest, ApiFailure, CODE_NETWORK } from './client.ts';
import { toast } from '../state/shell/toasts.ts';
import { hexOf } from '../../domain/hex.ts';
import type { Order } from '../../domain/types.ts';
import { IDEMPOTENCY_HEADER } from '../../domain/idempotency.ts';

export { IDEMPOTENCY_HEADER };

/** domain/idempotency.ts says what the server accepts. */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return hexOf(bytes);
}

/** No HTTP answer came back, so the request may have reached the server. */
export function mayHaveLanded(err: unknown): boolean {
  return err instanceof ApiFailure && err.code === CODE_NETWORK && !/^\d+$/.test(err.transport ?? '');
}

/** Retried once with the same key when the answer was lost; `toast` false lets the order form show a refusal. */
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
