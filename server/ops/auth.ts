// Operator requests carry the ops token in the `x-ops-token` header (the back-office page and `npm run ops`).
// Compared in constant time over digests, so neither the token's length nor its prefix leaks through timing.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';

export const OPS_TOKEN_HEADER = 'x-ops-token';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

export function isOperator(ctx: Pick<AppContext, 'opsToken'>, request: FastifyRequest): boolean {
  const given = request.headers[OPS_TOKEN_HEADER];
  if (typeof given !== 'string' || given === '') return false;
  return timingSafeEqual(digest(given), digest(ctx.opsToken));
}
