// A state-changing route declares a budget or `noBudget(why)`; the security rate-limit test fails on neither.
import type { FastifyRequest } from 'fastify';
import { normaliseAccount, type Channel } from '../accounts/identity.ts';
import { tokenFromHeader } from '../auth/tokens.ts';
import type { RateGroup } from './limits.ts';

/** Read in preHandler, after the schema has validated and coerced it. */
export type Keyed = Pick<FastifyRequest, 'body' | 'query' | 'headers' | 'ip'>;

/** In clear (rate-limit.ts hashes it); null: not counted per account. */
type AccountOf = (request: Keyed) => string | null;

export interface Budget {
  readonly group: RateGroup;
  readonly account: AccountOf;
}

interface NoBudget {
  readonly none: string;
}

export type RouteBudget = Budget | NoBudget;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Not `rateLimit`: @fastify/rate-limit reads that one. */
    budget?: RouteBudget;
  }
}

/** Parsed as the session lookup parses it, so `Bearer X` and `X` count alike. */
export const bySession: AccountOf = (request) => {
  const token = tokenFromHeader(request.headers.authorization);
  return token === null ? null : `session:${token}`;
};

export const budget = (group: RateGroup, account: AccountOf = bySession): Budget => ({ group, account });

export const noBudget = (why: string): NoBudget => ({ none: why });

export const isBudget = (b: RouteBudget | undefined): b is Budget => b !== undefined && 'group' in b;

/** Normalised as the routes do; null when invalid, since the route refuses it before any password is checked. */
export function accountId(channel: Channel, raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  try {
    return `${channel}:${normaliseAccount(channel, raw)}`;
  } catch {
    return null;
  }
}

/** Account functions run after the schema. */
export const bodyOf = <B>(request: Keyed): Partial<B> =>
  typeof request.body === 'object' && request.body !== null ? request.body : {};
