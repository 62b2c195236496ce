// The abuse budgets in one place; tests and the bench raise RATE_LIMIT_FACTOR so their loopback requests pass.
import { OWASP_SCRYPT, type ScryptParams } from '../auth/password.ts';
import type { SocketLimits } from '../ws/guard.ts';
import { DAILY_CAPS, type CounterScope } from './counters.ts';

/** Per minute; login counts the account with the address, so a flood from one address cannot lock the owner out. */
export const RATE_BUDGETS = {
  login: { perAddress: 20, perAccount: 10 },
  register: { perAddress: 10, perAccount: 10 },
  password: { perAddress: 10, perAccount: 5 },
  code: { perAddress: 10, perAccount: 5 },
  captcha: { perAddress: 30, perAccount: 30 },
  demo: { perAddress: 10, perAccount: 10 },
  upload: { perAddress: 20, perAccount: 10 },
  order: { perAddress: 120, perAccount: 60 },
  /** Each reads up to a year of rows. */
  statement: { perAddress: 20, perAccount: 10 },
  /** Every other signed-in change. */
  write: { perAddress: 120, perAccount: 60 },
} as const;

export type RateGroup = keyof typeof RATE_BUDGETS;

export const RATE_WINDOW_MS = 60_000;

/** Wrong guesses per RATE_WINDOW_MS before a lock (server/security/login-guard.ts, server/ops/auth.ts). */
export const FAILURE_BUDGETS = {
  /** From all addresses; past it each address gets one more try a window. */
  login_account: 10,
  /** Per account and per account and address; past it each try waits (docs/security.md "Lock-out rules"). */
  second_factor_account: 10,
  second_factor_address: 5,
  /** Past it that address's token checks answer 429. */
  ops_address: 10,
} as const;

type FailureKind = keyof typeof FAILURE_BUDGETS;

/** Counts scale with the factor, the window does not. */
export const SOCKET_LIMITS: SocketLimits = {
  perAddress: 20, // a household or office behind one address, several tabs each
  total: 5_000,
  messagesPerWindow: 60, // per 10 s: pings every 5 s plus a screen's subscriptions, many times over
  messageWindowMs: 10_000,
  loginsPerMinute: 30,
};

export interface SecurityOptions {
  /** Default 1; never below 1 in production. */
  factor?: number | undefined;
  /** The server test harness lowers it to keep tests quick. */
  scrypt?: ScryptParams | undefined;
}

/** A new login beyond it ends the oldest. */
export const MAX_SESSIONS_PER_USER = 10;

export interface Limits {
  readonly factor: number;
  readonly scrypt: ScryptParams;
  daily(scope: CounterScope): number;
  rate(group: RateGroup): { perAddress: number; perAccount: number };
  failures(kind: FailureKind): number;
  socket(): SocketLimits;
}

export function makeLimits(opts: SecurityOptions = {}): Limits {
  const factor = opts.factor ?? 1;
  if (!(factor > 0)) throw new Error(`rate limit factor must be positive, got ${factor}`);
  const scale = (n: number): number => Math.max(1, Math.round(n * factor));
  return {
    factor,
    scrypt: opts.scrypt ?? OWASP_SCRYPT,
    daily: (scope) => scale(DAILY_CAPS[scope]),
    rate: (group) => ({
      perAddress: scale(RATE_BUDGETS[group].perAddress),
      perAccount: scale(RATE_BUDGETS[group].perAccount),
    }),
    failures: (kind) => scale(FAILURE_BUDGETS[kind]),
    socket: () => ({
      perAddress: scale(SOCKET_LIMITS.perAddress),
      total: scale(SOCKET_LIMITS.total),
      messagesPerWindow: scale(SOCKET_LIMITS.messagesPerWindow),
      messageWindowMs: SOCKET_LIMITS.messageWindowMs,
      loginsPerMinute: scale(SOCKET_LIMITS.loginsPerMinute),
    }),
  };
}
