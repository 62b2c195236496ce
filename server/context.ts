// What every server module is handed: the database, injected time, the live market, the socket hub.
// Interfaces only; server/main.ts wires the real implementations, tests wire deterministic ones.
import type { FastifyBaseLogger } from 'fastify';
import type { DemoResetHook } from './accounts/demo.ts';
import type { Db } from './db/db.ts';
import type { OrderEngine } from './engine/engine.ts';
import type { Limits } from './security/limits.ts';
import type { Revocations } from './security/revocations.ts';
import type { Clock, Timers } from '../src/domain/time.ts';
import type { QuoteTuple, ServerMessage } from '../src/domain/ws-protocol.ts';

// Injected time (one declaration in src/domain/time.ts), re-exported for the server's modules.
export type { Clock, Timers };


/** One price change of one instrument. Price is a decimal string at the instrument's PricePrecision. */
export interface Tick {
  instrumentId: number;
  code: string;
  price: string;
  time: number; // ms epoch
  volume: number;
}

export interface LiveQuote {
  instrumentId: number;
  code: string;
  open: string; // trading-day open
  high: string;
  low: string;
  close: string;
  change: string; // percent vs open, 2 decimals
  time: number;
  status: 0 | 1; // MarketStatus
}

/** The live market as the rest of the server sees it (simulated here; a real feed could implement it). */
export interface MarketFeed {
  latest(code: string): LiveQuote | undefined;
  all(): LiveQuote[];
  quoteTuple(code: string): QuoteTuple | undefined;
  isOpen(code: string): boolean;
  /** Called synchronously after every tick has been applied to `latest`. Returns an unsubscribe function. */
  onTick(listener: (tick: Tick) => void): () => void;
}

/** Pushes to the sockets of one logged-in user (FOREX_TRADE / FOREX_CLOSED). */
export interface UserPush {
  toUser(userId: number, message: ServerMessage): void;
}

/** Where verification codes go: a real SMS/e-mail gateway can implement this. */
export interface Notifier {
  send(channel: 'sms' | 'email', to: string, text: string): Promise<void>;
}

/** The services every module may use, built once by server/server.ts (the composition root) and passed in. */
export interface Services {
  db: Db;
  clock: Clock;
  timers: Timers;
  log: FastifyBaseLogger;
  market: MarketFeed;
  push: UserPush;
  notifier: Notifier;
}

/** What route modules are handed: the services plus the order engine and the demo-reset steps built on them. */
export interface AppContext extends Services {
  engine: OrderEngine;
  /** Run inside a demo reset's transaction before the balance is restored (the engine's: delete the orders). */
  demoResetHooks: readonly DemoResetHook[];
  /** Abuse budgets and daily caps (server/security/limits.ts), scaled by the configured factor. */
  limits: Limits;
  /** Session revocations (logout, password reset or change): the socket hub logs those sockets out. */
  revocations: Revocations;
  /** The operator token the ops API checks (server/ops/auth.ts); never logged or sent to a client. */
  opsToken: string;
  /** Length of a fund day (FUND_DAY_MS): income falls due every fundDayMs after a subscription. */
  fundDayMs: number;
}
