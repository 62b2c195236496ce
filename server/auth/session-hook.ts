// The one session check of a route group (as fastify/demo's autohooks): a preHandler on the group's plugin finds the
// caller's user (ApiError 999 when there is none; 'real_account_required' for a demo user where the group says so,
// SPEC §6) and puts it on the request, so no handler repeats the check. A preHandler, not onRequest: the schema has
// checked the input first, as when each handler called sessionUser itself.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { sessionGone } from '../http/envelope.ts';
import { realSessionUser, sessionUser } from './session.ts';
import type { UserRow } from './users.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the group's session hook (null outside a signed-in group). */
    sessionUser: UserRow | null;
  }
}

/** Adds the session hook to `scope` (a route group's plugin): every route in it needs a signed-in (real) user. */
export function requireSession(scope: FastifyInstance, ctx: Pick<AppContext, 'db' | 'clock'>, opts: { real?: boolean } = {}): void {
  if (!scope.hasRequestDecorator('sessionUser')) scope.decorateRequest('sessionUser', null);
  scope.addHook('preHandler', async (request) => {
    request.sessionUser = opts.real ? await realSessionUser(ctx, request) : await sessionUser(ctx, request);
  });
}

/** The user the group's hook found; a route outside such a group is a programming error, answered as 999. */
export function caller(request: FastifyRequest): UserRow {
  const user = request.sessionUser;
  if (!user) throw sessionGone();
  return user;
}
