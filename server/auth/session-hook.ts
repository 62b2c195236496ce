// A preHandler, not onRequest: the schema checks the input before the session (docs/contract.md §6).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { ApiError, sessionGone } from '../http/envelope.ts';
import { sessionUser } from './session.ts';
import type { UserRow } from './users.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Null outside a signed-in group. */
    sessionUser: UserRow | null;
  }
}

interface SessionOptions {
  /** docs/contract.md §6. */
  real?: boolean;
  /** The operators' token on a shared route needs no session; sessionUser stays null. */
  unless?: (request: FastifyRequest) => boolean | Promise<boolean>;
}

export function requireSession(
  scope: FastifyInstance,
  ctx: Pick<AppContext, 'db' | 'clock'>,
  opts: SessionOptions = {},
): void {
  if (!scope.hasRequestDecorator('sessionUser')) scope.decorateRequest('sessionUser', null);
  scope.addHook('preHandler', async (request) => {
    if (opts.unless && (await opts.unless(request))) return;
    const user = await sessionUser(ctx, request);
    if (opts.real && user.is_demo !== 0) throw new ApiError('real_account_required');
    request.sessionUser = user;
  });
}

/** A route outside such a group is a programming error, answered as 999. */
export function caller(request: FastifyRequest): UserRow {
  const user = request.sessionUser;
  if (!user) throw sessionGone();
  return user;
}
