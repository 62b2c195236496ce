// Who an ops request speaks for (docs/back-office.md "Staff accounts", "Break-glass"):
// - a staff member: the header `x-ops-session` carries a live staff session (server/staff/staff-auth.ts);
// - break-glass: the header `x-ops-token` carries OPS_TOKEN, which is off unless configured. Compared in constant
//   time over digests. Wrong tokens are counted per client address: past FAILURE_BUDGETS.ops_address in a minute,
//   every token check from that address answers 429 (the right token too, so the answer is no oracle) until the
//   window ends. With no OPS_TOKEN configured every token is wrong, and counted the same way.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { ApiError } from '../http/envelope.ts';
import { RATE_WINDOW_MS } from '../security/limits.ts';
import type { OpsActor } from '../staff/rights.ts';
import { STAFF_SESSION_HEADER, staffFromSession } from '../staff/staff-auth.ts';

export const OPS_TOKEN_HEADER = 'x-ops-token';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

type OpsCtx = Pick<AppContext, 'opsToken' | 'limits' | 'failureWindows' | 'db' | 'clock' | 'staffIdleMs'>;

export const BREAK_GLASS = 'break-glass';

/** The break-glass actor: every right, named "break-glass" in the audit log. */
export const breakGlass = (address: string): OpsActor => ({
  kind: 'break-glass',
  staffId: 0,
  name: BREAK_GLASS,
  login: BREAK_GLASS,
  role: 'break-glass',
  address,
});

/** True when the request carries the configured break-glass token. Throws 429 once the address spent its budget. */
async function carriesBreakGlass(ctx: OpsCtx, request: FastifyRequest): Promise<boolean> {
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
  const expected = ctx.opsToken ?? '';
  if (expected !== '' && timingSafeEqual(digest(given), digest(expected))) return true;
  await windows.hit(key, RATE_WINDOW_MS);
  return false;
}

/** The staff member or break-glass holder behind the request, or null (then the caller answers 401). */
export async function opsActor(ctx: OpsCtx, request: FastifyRequest): Promise<OpsActor | null> {
  const session = request.headers[STAFF_SESSION_HEADER];
  if (typeof session === 'string' && session !== '') return staffFromSession(ctx, session, request.ip);
  return (await carriesBreakGlass(ctx, request)) ? breakGlass(request.ip) : null;
}
