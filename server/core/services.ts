// Interfaces only: server/compose.ts builds the real services.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import type { MarketView } from '../market/market-view.ts';
import type { Clock, Timers } from '../../domain/time.ts';
import type { ServerMessage } from '../../domain/ws-protocol.ts';
import type { Language } from '../../domain/types.ts';

/** Reaches the user's sockets on whichever gateway they are. */
export interface UserPush {
  toUser(userId: number, message: ServerMessage): void;
}

/** One template per kind, in every language (docs/notifications.md "Templates"). */
export type MessageKind =
  | 'verification_code'
  | 'new_device_sign_in'
  | 'password_changed'
  | 'second_factor_on'
  | 'second_factor_off'
  | 'payout_method_added'
  | 'withdrawal_requested'
  | 'withdrawal_paid'
  | 'withdrawal_rejected'
  | 'deposit_credited'
  | 'margin_call'
  | 'copy_opened'
  | 'copy_closed'
  | 'copy_skipped'
  | 'copy_stops'
  | 'copy_stop_loss'
  | 'copy_fee'
  | 'feedback_answered'
  | 'closure_scheduled'
  | 'closure_cancelled';

export interface Message {
  kind: MessageKind;
  channel: 'sms' | 'email';
  /** A mobile number carries its country prefix: what the gateway dials. */
  to: string;
  /** hk when absent. */
  lang?: Language | undefined;
  /** A secret (a code) goes here and reaches only the message's body. */
  values: Record<string, string | number>;
  /** For its anti-phishing phrase and its in-app notice list. */
  userId?: number | undefined;
  /** The requester's handle to ask this delivery's state later; stored hashed, never shown to the operator. */
  ref?: string | undefined;
  /** The back office's outbox view never shows its body (a password reset). */
  ownerOnly?: boolean | undefined;
}

/** `send` queues and returns: delivery never blocks a request. */
export interface Notifier {
  send(message: Message): Promise<void>;
}

export interface Services {
  db: Db;
  clock: Clock;
  timers: Timers;
  log: FastifyBaseLogger;
  market: MarketView;
  push: UserPush;
  notifier: Notifier;
}
