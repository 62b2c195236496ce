// Per-route request budgets with @fastify/rate-limit: each limited route gets one budget per client address and
// one per account (the account named in the body for login, register and code sending; the demo id for demo
// creation; the session token otherwise). A refused request gets HTTP 429 with the §8 envelope and the translated
// errors.too_many_requests. The store counts on the injected clock, so tests move time instead of sleeping.
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { createHash } from 'node:crypto';
import type { Clock } from '../context.ts';
import { ApiError } from '../http/envelope.ts';
import { RATE_WINDOW_MS, type Limits, type RateGroup } from './limits.ts';

/** Which budget a route spends, by method and path (null: not limited here). */
export function rateGroupFor(method: string, url: string): RateGroup | null {
  const m = method.toUpperCase();
  if (m === 'POST' && url === '/api/user/loginForU') return 'login';
  if (m === 'POST' && url === '/api/user/register') return 'register';
  if (m === 'POST' && (url === '/api/user/forget_password' || url === '/api/user/amend_password')) return 'password';
  if (m === 'POST' && url.startsWith('/api/notify/send_')) return 'code';
  if (m === 'GET' && url === '/api/captcha') return 'captcha';
  if (m === 'GET' && url === '/api/user/createAccountDemoForU') return 'demo';
  if (m === 'POST' && /upload/i.test(url)) return 'upload';
  if (m === 'GET' && /^\/v1\/api\/forex\/(submit|close|cancel_trade|set_stop_price)$/.test(url)) return 'order';
  return null;
}

const field = (source: unknown, name: string): string | null => {
  if (typeof source !== 'object' || source === null) return null;
  const v = (source as Record<string, unknown>)[name];
  return typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : null;
};

/** The account a request speaks for, hashed (keys never hold a token or an address book in clear). */
export function accountKey(group: RateGroup, request: Pick<FastifyRequest, 'body' | 'query' | 'headers'>): string | null {
  let raw: string | null;
  if (group === 'login' || group === 'password') raw = field(request.body, 'account');
  else if (group === 'register') raw = field(request.body, 'account') ?? field(request.body, 'mobile');
  else if (group === 'code') raw = field(request.body, 'to');
  else if (group === 'demo') raw = field(request.query, 'demo_id');
  else raw = null;
  if (raw === null) {
    const auth = request.headers.authorization;
    raw = typeof auth === 'string' && auth.trim() !== '' ? `token:${auth.trim()}` : null;
  }
  return raw === null ? null : createHash('sha256').update(raw).digest('base64url').slice(0, 22);
}

interface Hit {
  current: number;
  ttl: number;
}
type StoreCallback = (err: Error | null, res?: Hit) => void;

/** @fastify/rate-limit store on the injected clock; fixed windows, expired entries swept as the map grows. */
export function clockStore(clock: Clock, maxKeys = 100_000): FastifyRateLimitStoreCtor {
  const windows = new Map<string, { count: number; start: number }>();
  const sweep = (now: number, windowMs: number): void => {
    for (const [k, w] of windows) if (w.start + windowMs <= now) windows.delete(k);
    // Still full of live keys (a flood from many addresses): forget the oldest rather than grow without bound.
    while (windows.size >= maxKeys) {
      const first = windows.keys().next();
      if (first.done) break;
      windows.delete(first.value);
    }
  };
  class ClockStore implements FastifyRateLimitStore {
    incr(key: string, cb: StoreCallback, timeWindow: number): void {
      const now = clock.now();
      let w = windows.get(key);
      if (!w || w.start + timeWindow <= now) {
        if (!w && windows.size >= maxKeys) sweep(now, timeWindow);
        w = { count: 0, start: now };
        windows.set(key, w);
      }
      w.count++;
      cb(null, { current: w.count, ttl: w.start + timeWindow - now });
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return ClockStore;
}

type Limiter = (req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

/** Registers the plugin and an onRoute hook that puts the budget check in front of every limited route. */
export async function registerRateLimits(app: FastifyInstance, deps: { clock: Clock; limits: Limits }): Promise<void> {
  await app.register(rateLimit, { global: false, store: clockStore(deps.clock) });
  const make = (group: RateGroup, by: 'address' | 'account'): Limiter => {
    const budget = deps.limits.rate(group);
    return app.createRateLimit({
      max: by === 'address' ? budget.perAddress : budget.perAccount,
      timeWindow: RATE_WINDOW_MS,
      keyGenerator: (req: FastifyRequest) =>
        by === 'address' ? `${group}|a|${req.ip}` : `${group}|u|${accountKey(group, req) ?? ''}`,
      ...(by === 'account' ? { allowList: (req: FastifyRequest) => accountKey(group, req) === null } : {}),
    });
  };
  const checks = new Map<RateGroup, (req: FastifyRequest) => Promise<void>>();
  const checkFor = (group: RateGroup): ((req: FastifyRequest) => Promise<void>) => {
    let check = checks.get(group);
    if (!check) {
      const byAddress = make(group, 'address');
      const byAccount = make(group, 'account');
      check = async (req) => {
        for (const limiter of [byAddress, byAccount]) {
          const r = await limiter(req);
          if (!r.isAllowed && r.isExceeded) {
            throw new ApiError('too_many_requests', undefined, {}, 429, { 'retry-after': String(r.ttlInSeconds ?? 60) });
          }
        }
      };
      checks.set(group, check);
    }
    return check;
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const group = methods.map((m) => rateGroupFor(m, route.url)).find((g) => g !== null);
    if (!group) return;
    const check = checkFor(group);
    // preValidation: after the body is parsed (the account is in it), before the schema, so malformed floods
    // spend the budget too.
    const handler = async (req: FastifyRequest): Promise<void> => check(req);
    const existing = route.preValidation;
    route.preValidation =
      existing === undefined ? [handler] : Array.isArray(existing) ? [handler, ...existing] : [handler, existing];
  });
}
