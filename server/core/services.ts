// The services every server module may be handed: the database, injected time, the logger, the live market, the
// per-user push and the notifier. Interfaces only; server/compose.ts (the composition root) builds the real ones.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import type { MarketView } from '../market/market-view.ts';
import type { Clock, Timers } from '../../domain/time.ts';
import type { ServerMessage } from '../../domain/ws-protocol.ts';
import type { Language } from '../../domain/types.ts';

/** Pushes to the sockets of one logged-in user (an order changed or closed), on whichever gateway they are. */
export interface UserPush {
  toUser(userId: number, message: ServerMessage): void;
}

/** What a message says: one template per kind, in every language (docs/notifications.md "Templates"). */
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
  | 'copy_stop_loss'
  | 'copy_fee';

/** One message to one person on one channel. */
export interface Message {
  kind: MessageKind;
  channel: 'sms' | 'email';
  /** The e-mail address, or the mobile number with its country prefix (what the gateway dials). */
  to: string;
  /** The recipient's language (the request's, or the account's); hk when absent. */
  lang?: Language | undefined;
  /** The template's placeholders. A secret (a code) goes here and reaches only the message's body. */
  values: Record<string, string | number>;
  /** The account the message is about, when there is one: its anti-phishing phrase, its in-app notice list. */
  userId?: number | undefined;
  /**
   * The requester's handle to ask this delivery's state later (a verification code's key: the code-send answer's
   * `key`). Stored hashed; never shown to the operator.
   */
  ref?: string | undefined;
  /** A code only its owner may read (a password reset): the back office's outbox view never shows its body. */
  ownerOnly?: boolean | undefined;
}

/**
 * Where codes and notices go (server/notify/): the outbox when no gateway is set, else e-mail over SMTP and SMS
 * through a gateway. `send` queues and returns: delivery never blocks a request.
 */
export interface Notifier {
  send(message: Message): Promise<void>;
}

/** The services every module may use, built once by server/compose.ts and passed in. */
export interface Services {
  db: Db;
  clock: Clock;
  timers: Timers;
  log: FastifyBaseLogger;
  market: MarketView;
  push: UserPush;
  notifier: Notifier;
}
