// Per-route request budgets declared beside each route's schema; the store counts on the injected clock.
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Clock } from '../../domain/time.ts';
import type { Queryable } from '../db/db.ts';
import { tooManyRequests } from '../http/envelope.ts';
import { isBudget, type Budget, type Keyed } from './budgets.ts';
import { RATE_WINDOW_MS, type Limits, type RateGroup } from './limits.ts';
import { countUp, keyHash } from './counters.ts';
import { FixedWindows, type WindowCount } from './windows.ts';

/** Hashed, so keys never hold a token or an address in clear; runs after the schema, so the field is a string. */
export function accountKey(declared: Budget, request: Keyed): string | null {
  const raw = declared.account(request);
  return raw === null ? null : keyHash(raw).slice(0, 22);
}

/** The limiters run only on routes that declared one. */
function declaredBudget(request: FastifyRequest): Budget {
  const declared = request.routeOptions.config.budget;
  if (!isBudget(declared)) throw new Error(`no budget on ${request.method} ${request.routeOptions.url ?? ''}`);
  return declared;
}

/** @fastify/rate-limit's store around one counter; a child counts with its parent. */
function storeOf(counter: {
  hit(key: string, windowMs: number): WindowCount | Promise<WindowCount>;
}): FastifyRateLimitStoreCtor {
  class CountingStore implements FastifyRateLimitStore {
    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
      Promise.resolve(counter.hit(key, timeWindow)).then(
        (w) => cb(null, { current: w.count, ttl: w.ttlMs }),
        (err: unknown) => cb(err as Error),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return CountingStore;
}

/** In PostgreSQL, so a client spreading requests over every gateway spends one budget. */
export const sharedStore = (db: Queryable, clock: Clock): FastifyRateLimitStoreCtor =>
  storeOf({ hit: (key, windowMs) => countUp(db, 'rate', key, windowMs, clock.now()) });

type Limiter = (req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

export async function registerRateLimits(
  app: FastifyInstance,
  deps: { clock: Clock; limits: Limits },
  /** Shared across gateways by sharedStore; else fixed windows in memory (server/security/windows.ts). */
  store: FastifyRateLimitStoreCtor = storeOf(new FixedWindows(deps.clock)),
): Promise<void> {
  await app.register(rateLimit, { global: false, store });
  const make = (group: RateGroup, by: 'address' | 'account'): Limiter => {
    const budget = deps.limits.rate(group);
    return app.createRateLimit({
      max: by === 'address' ? budget.perAddress : budget.perAccount,
      timeWindow: RATE_WINDOW_MS,
      keyGenerator: (req: FastifyRequest) =>
        by === 'address' ? `${group}|a|${req.ip}` : `${group}|u|${accountKey(declaredBudget(req), req) ?? ''}`,
      ...(by === 'account'
        ? { allowList: (req: FastifyRequest) => accountKey(declaredBudget(req), req) === null }
        : {}),
    });
  };
  const spend = async (limiter: Limiter, req: FastifyRequest): Promise<void> => {
    const r = await limiter(req);
    if (!r.isAllowed && r.isExceeded) throw tooManyRequests((r.ttlInSeconds ?? 60) * 1000);
  };
  const limiters = new Map<RateGroup, { byAddress: Limiter; byAccount: Limiter }>();
  const limitersFor = (group: RateGroup): { byAddress: Limiter; byAccount: Limiter } => {
    let l = limiters.get(group);
    if (!l) limiters.set(group, (l = { byAddress: make(group, 'address'), byAccount: make(group, 'account') }));
    return l;
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const declared = route.config?.budget;
    if (!isBudget(declared)) return;
    // One pair of counters per group, shared by its routes (submit, close, cancel… spend one order budget).
    const { byAddress, byAccount } = limitersFor(declared.group);
    // Address before the schema so malformed floods spend it; account after, counted as the route reads it.
    route.preValidation = first((req) => spend(byAddress, req), route.preValidation);
    route.preHandler = first((req) => spend(byAccount, req), route.preHandler);
  });
}

type Hook = (req: FastifyRequest) => Promise<void>;
function first<T>(hook: Hook, existing: T | T[] | undefined): Array<T | Hook> {
  return existing === undefined ? [hook] : Array.isArray(existing) ? [hook, ...existing] : [hook, existing];
}
