// What a route declares about its request budget, beside its schema: `config: { budget: budget('login', …) }`. The
// group names its figures in RATE_BUDGETS (server/security/limits.ts) and the function names whom the per-account
// budget counts, read the way the route itself reads its validated, normalised input. server/security/rate-limit.ts
// enforces what the route declares, so a renamed path keeps its limit; a state-changing route without one declares
// `noBudget(why)` (tests/server/security/security-rate-limit.test.ts fails on a route that says neither).
import type { FastifyRequest } from 'fastify';
import { normaliseAccount, type Channel } from '../accounts/identity.ts';
import { tokenFromHeader } from '../auth/tokens.ts';
import type { RateGroup } from './limits.ts';

/** What an account function reads of a request: in preHandler, after the schema has validated and coerced it. */
export type Keyed = Pick<FastifyRequest, 'body' | 'query' | 'headers' | 'ip'>;

/** Whom a request's per-account budget counts, in clear (rate-limit.ts hashes it); null: not counted per account. */
export type AccountOf = (request: Keyed) => string | null;

export interface Budget {
  readonly group: RateGroup;
  readonly account: AccountOf;
}

/** A route that is deliberately not limited here, and why. */
export interface NoBudget {
  readonly none: string;
}

export type RouteBudget = Budget | NoBudget;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's request budget (server/security/budgets.ts). Not `rateLimit`: @fastify/rate-limit reads that one. */
    budget?: RouteBudget;
  }
}

/** The session the request speaks for: the token as the session lookup parses it (`Bearer X` and `X` alike). */
export const bySession: AccountOf = (request) => {
  const token = tokenFromHeader(request.headers.authorization);
  return token === null ? null : `session:${token}`;
};

/** A budget of `group`, counted per client address and per `account` (the session unless the route says whom). */
export const budget = (group: RateGroup, account: AccountOf = bySession): Budget => ({ group, account });

/** No budget on this route, for the reason given. */
export const noBudget = (why: string): NoBudget => ({ none: why });

export const isBudget = (b: RouteBudget | undefined): b is Budget => b !== undefined && 'group' in b;

/**
 * `channel:account` normalised as the routes normalise it (every spelling of one number or address is one account),
 * or null when it is not a valid account: the route refuses it with the same normalisation before any password or
 * code is checked, so there is nothing to count.
 */
export function accountId(channel: Channel, raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  try {
    return `${channel}:${normaliseAccount(channel, raw)}`;
  } catch {
    return null;
  }
}

/** The route's body as its schema has validated it (account functions run after the schema). */
export const bodyOf = <B>(request: Keyed): Partial<B> =>
  typeof request.body === 'object' && request.body !== null ? request.body : {};
