// The one session check of a route group (as fastify/demo's autohooks): a preHandler on the group's plugin finds the
// caller's user (ApiError 999 when there is none; 'real_account_required' for a demo user where the group says so,
// docs/contract.md §6) and puts it on the request, so no handler repeats the check. A preHandler, not onRequest: the schema has
// checked the input first, as when each handler called sessionUser itself.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { sessionGone } from '../http/envelope.ts';
import { realSessionUser, sessionUser } from './session.ts';
import type { UserRow } from './users.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the group's session hook (null outside a signed-in group). */
    sessionUser: UserRow | null;
  }
}

export interface SessionOptions {
  /** Demo users are refused with 'real_account_required' (docs/contract.md §6). */
  real?: boolean;
  /** A caller this accepts needs no session (the operators' token on a shared route); sessionUser stays null. */
  unless?: (request: FastifyRequest) => boolean | Promise<boolean>;
}

/** Adds the session hook to `scope` (a route group's plugin): every route in it needs a signed-in (real) user. */
export function requireSession(
  scope: FastifyInstance,
  ctx: Pick<AppContext, 'db' | 'clock'>,
  opts: SessionOptions = {},
): void {
  if (!scope.hasRequestDecorator('sessionUser')) scope.decorateRequest('sessionUser', null);
  scope.addHook('preHandler', async (request) => {
    if (opts.unless && (await opts.unless(request))) return;
    request.sessionUser = opts.real ? await realSessionUser(ctx, request) : await sessionUser(ctx, request);
  });
}

/** The user the group's hook found; a route outside such a group is a programming error, answered as 999. */
export function caller(request: FastifyRequest): UserRow {
  const user = request.sessionUser;
  if (!user) throw sessionGone();
  return user;
}
