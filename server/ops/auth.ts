// Operator requests carry the ops token in the `x-ops-token` header (the back-office page and `npm run ops`).
// Compared in constant time over digests, so neither the token's length nor its prefix leaks through timing.
// Wrong tokens are counted per client address: past FAILURE_BUDGETS.ops_address in a minute, every token check
// from that address answers 429 (the right token too, so the answer is no oracle) until the window ends.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/envelope.ts';
import { RATE_WINDOW_MS } from '../security/limits.ts';
import { FixedWindows } from '../security/windows.ts';

export const OPS_TOKEN_HEADER = 'x-ops-token';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

type OpsCtx = Pick<AppContext, 'opsToken' | 'clock' | 'limits'>;

// One counter per running app. Keyed on the context object, which every route of one app shares, so the ops
// check stays a plain function of (ctx, request) and the context needs no extra field.
const wrongGuesses = new WeakMap<OpsCtx, FixedWindows>();
const windowsOf = (ctx: OpsCtx): FixedWindows => {
  let w = wrongGuesses.get(ctx);
  if (!w) {
    w = new FixedWindows(ctx.clock);
    wrongGuesses.set(ctx, w);
  }
  return w;
};

/**
 * True when the request carries the ops token; false without the header (nothing counted) or with a wrong one
 * (counted against the address). Throws ApiError too_many_requests (429) once the address has spent its budget.
 */
export function isOperator(ctx: OpsCtx, request: FastifyRequest): boolean {
  const given = request.headers[OPS_TOKEN_HEADER];
  if (typeof given !== 'string' || given === '') return false;
  const windows = windowsOf(ctx);
  const key = `ops|${request.ip}`;
  const spent = windows.peek(key);
  if (spent && spent.count >= ctx.limits.failures('ops_address')) {
    throw new ApiError('too_many_requests', undefined, {}, 429, {
      'retry-after': String(Math.max(1, Math.ceil(spent.ttlMs / 1000))),
    });
  }
  if (timingSafeEqual(digest(given), digest(ctx.opsToken))) return true;
  windows.hit(key, RATE_WINDOW_MS);
  return false;
}
