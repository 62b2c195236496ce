// Per-route request budgets with @fastify/rate-limit: each limited route gets one budget per client address and
// one per account (the account named in the validated, normalised body for login, register, password reset and
// code sending, for login together with the address; the demo id for demo creation; the session otherwise). A refused request gets HTTP 429 with the §8 envelope and the translated
// errors.too_many_requests. The store counts on the injected clock, so tests move time instead of sleeping.
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { createHash } from 'node:crypto';
import { loginChannel, normaliseAccount, signUpAccount, type Channel } from '../accounts/identity.ts';
import { tokenFromHeader } from '../auth/tokens.ts';
import type { Clock } from '../../src/domain/time.ts';
import { ApiError } from '../http/envelope.ts';
import { RATE_WINDOW_MS, type Limits, type RateGroup } from './limits.ts';
import { FixedWindows } from './windows.ts';

type SignUp = Parameters<typeof signUpAccount>[0];

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
  if (m === 'GET' && /^\/v1\/api\/forex\/(submit|close|close_all|cancel_trade|set_stop_price)$/.test(url)) return 'order';
  if (m === 'GET' && (url === '/v1/api/main/accountLog/export' || url === '/v1/api/forex/history_export')) return 'statement';
  return null;
}

type Keyed = Pick<FastifyRequest, 'body' | 'query' | 'headers' | 'url' | 'ip'>;

const field = (source: unknown, name: string): unknown =>
  typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[name] : undefined;

/** `channel:account` as the route itself normalises it, or null when it is not a valid account (nothing to count). */
function accountOf(channel: unknown, raw: unknown): string | null {
  if ((channel !== 'email' && channel !== 'mobile') || typeof raw !== 'string') return null;
  try {
    return `${channel}:${normaliseAccount(channel, raw)}`;
  } catch {
    return null; // the route refuses it with the same normalisation before any password or code is checked
  }
}

/** The session the request speaks for: the token as the session lookup parses it (`Bearer X` and `X` alike). */
function sessionOf(request: Keyed): string | null {
  const token = tokenFromHeader(request.headers.authorization);
  return token === null ? null : `session:${token}`;
}

/**
 * The account a request speaks for, hashed (keys never hold a token or an address book in clear). Called after the
 * schema has validated the body, so an array or object where a string belongs never gets here, and with the
 * route's own normalisation, so every spelling of one number or address is one account.
 */
export function accountKey(group: RateGroup, request: Keyed): string | null {
  const b = request.body;
  let raw: string | null = null;
  if (group === 'login') {
    const account = field(b, 'account');
    if (typeof account === 'string') {
      const id = accountOf(loginChannel(account, field(b, 'login_type') as Channel | undefined), account);
      // Per account and address: a flood from one address spends only that address's tries (login-guard.ts).
      raw = id === null ? null : `${id}|${request.ip}`;
    }
  } else if (group === 'password' && request.url.split('?')[0] === '/api/user/forget_password') {
    raw = accountOf(field(b, 'type'), field(b, 'account'));
  } else if (group === 'register') {
    const type = field(b, 'type');
    raw = type === 'email' || type === 'mobile' ? accountOf(type, signUpAccount(b as SignUp)) : null;
  } else if (group === 'code') {
    raw = accountOf(request.url.split('?')[0] === '/api/notify/send_sms' ? 'mobile' : 'email', field(b, 'to'));
  } else if (group === 'demo') {
    const id = field(request.query, 'demo_id');
    raw = typeof id === 'string' && id.trim() !== '' ? `demo:${id.trim()}` : null;
  } else {
    raw = sessionOf(request);
  }
  return raw === null ? null : createHash('sha256').update(raw).digest('base64url').slice(0, 22);
}

interface Hit {
  current: number;
  ttl: number;
}
type StoreCallback = (err: Error | null, res?: Hit) => void;

/** @fastify/rate-limit store on the injected clock: fixed windows (server/security/windows.ts). */
export function clockStore(clock: Clock, maxKeys = 100_000): FastifyRateLimitStoreCtor {
  const windows = new FixedWindows(clock, maxKeys);
  class ClockStore implements FastifyRateLimitStore {
    incr(key: string, cb: StoreCallback, timeWindow: number): void {
      const w = windows.hit(key, timeWindow);
      cb(null, { current: w.count, ttl: w.ttlMs });
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return ClockStore;
}

type Limiter = (req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

/** Registers the plugin and an onRoute hook that puts the budget check in front of every limited route. */
export async function registerRateLimits(
  app: FastifyInstance,
  deps: { clock: Clock; limits: Limits },
  /** Counted across processes (several gateways: server/security/shared-windows.ts); default in this process. */
  store: FastifyRateLimitStoreCtor = clockStore(deps.clock),
): Promise<void> {
  await app.register(rateLimit, { global: false, store });
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
  const spend = async (limiter: Limiter, req: FastifyRequest): Promise<void> => {
    const r = await limiter(req);
    if (!r.isAllowed && r.isExceeded) {
      throw new ApiError('too_many_requests', undefined, {}, 429, { 'retry-after': String(r.ttlInSeconds ?? 60) });
    }
  };
  const limiters = new Map<RateGroup, { byAddress: Limiter; byAccount: Limiter }>();
  const limitersFor = (group: RateGroup): { byAddress: Limiter; byAccount: Limiter } => {
    let l = limiters.get(group);
    if (!l) {
      l = { byAddress: make(group, 'address'), byAccount: make(group, 'account') };
      limiters.set(group, l);
    }
    return l;
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const group = methods.map((m) => rateGroupFor(m, route.url)).find((g) => g !== null);
    if (!group) return;
    const { byAddress, byAccount } = limitersFor(group);
    // The address's budget in preValidation: after the body is parsed, before the schema, so malformed floods
    // spend it too. The account's in preHandler: after the schema, so the account is counted as the route will
    // read it (a one-item array is refused before it could slip past uncounted).
    const perAddress = async (req: FastifyRequest): Promise<void> => spend(byAddress, req);
    const perAccount = async (req: FastifyRequest): Promise<void> => spend(byAccount, req);
    route.preValidation = first(perAddress, route.preValidation);
    route.preHandler = first(perAccount, route.preHandler);
  });
}

type Hook = (req: FastifyRequest) => Promise<void>;
/** `hook` in front of a route's own hooks of that kind. */
function first<T>(hook: Hook, existing: T | T[] | undefined): Array<T | Hook> {
  return existing === undefined ? [hook] : Array.isArray(existing) ? [hook, ...existing] : [hook, existing];
}
