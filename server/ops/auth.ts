// Operator requests carry the ops token in the `x-ops-token` header (the back-office page and `npm run ops`).
// Compared in constant time over digests, so neither the token's length nor its prefix leaks through timing.
// Wrong tokens are counted per client address: past FAILURE_BUDGETS.ops_address in a minute, every token check
// from that address answers 429 (the right token too, so the answer is no oracle) until the window ends. Counted in
// ctx.failureWindows: PostgreSQL on gateways, so N gateways do not give N× the guesses.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/envelope.ts';
import { RATE_WINDOW_MS } from '../security/limits.ts';

export const OPS_TOKEN_HEADER = 'x-ops-token';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

type OpsCtx = Pick<AppContext, 'opsToken' | 'limits' | 'failureWindows'>;

/**
 * True when the request carries the ops token; false without the header (nothing counted) or with a wrong one
 * (counted against the address). Throws ApiError too_many_requests (429) once the address has spent its budget.
 */
export async function isOperator(ctx: OpsCtx, request: FastifyRequest): Promise<boolean> {
  const given = request.headers[OPS_TOKEN_HEADER];
  if (typeof given !== 'string' || given === '') return false;
  const windows = ctx.failureWindows;
  const key = `ops|${request.ip}`;
  const spent = await windows.peek(key, RATE_WINDOW_MS);
  if (spent && spent.count >= ctx.limits.failures('ops_address')) {
    throw new ApiError('too_many_requests', undefined, {}, 429, {
      'retry-after': String(Math.max(1, Math.ceil(spent.ttlMs / 1000))),
    });
  }
  if (timingSafeEqual(digest(given), digest(ctx.opsToken))) return true;
  await windows.hit(key, RATE_WINDOW_MS);
  return false;
}
