// The services every server module may be handed: the database, injected time, the logger, the live market, the
// per-user push and the notifier. Interfaces only; server/server.ts (the composition root) builds the real ones.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/db.ts';
import type { MarketFeed } from './market/feed.ts';
import type { Clock, Timers } from '../domain/time.ts';
import type { ServerMessage } from '../domain/ws-protocol.ts';

/** Pushes to the sockets of one logged-in user (FOREX_TRADE / FOREX_CLOSED), on whichever gateway they are. */
export interface UserPush {
  toUser(userId: number, message: ServerMessage): void;
}

/** Where verification codes go: a real SMS/e-mail gateway can implement this. */
export interface Notifier {
  send(channel: 'sms' | 'email', to: string, text: string): Promise<void>;
}

/** The services every module may use, built once by server/server.ts and passed in. */
export interface Services {
  db: Db;
  clock: Clock;
  timers: Timers;
  log: FastifyBaseLogger;
  market: MarketFeed;
  push: UserPush;
  notifier: Notifier;
}
