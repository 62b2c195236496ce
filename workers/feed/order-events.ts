// The signed-in side of the socket: login, its subscriptions, and the event sequence whose gaps make the app refetch.
import {
  TOPIC_ACCOUNT,
  TOPIC_ORDER_CLOSED,
  TOPIC_ORDER_CHANGED,
  TOPIC_PRICE_ALERT,
  TOPIC_MARGIN_CALL,
  type ClientMessage,
} from '../../domain/ws-protocol.ts';
import type { FeedSink, OrderEvent } from '../protocol.ts';

/** Subscribed after each accepted login, dropped at a logout. */
const SIGNED_IN_TOPICS = [TOPIC_ORDER_CHANGED, TOPIC_ORDER_CLOSED, TOPIC_PRICE_ALERT, TOPIC_ACCOUNT, TOPIC_MARGIN_CALL];

export interface OrderEventsHost {
  send(msg: ClientMessage): void;
  isOpen(): boolean;
  toSink(fn: (sink: FeedSink) => unknown): void;
}

export class OrderEvents {
  private lastSeq: number | null = null;
  private gapOnLogin = false;
  /** Only the answer to the newest login speaks for the current token. */
  private pendingLogins = 0;
  /** none (signed out): a late refusal means nothing. */
  private token: string | null = null;

  constructor(private readonly host: OrderEventsHost) {}

  /** After a reconnect the app refetches once FOREX_* are back on: events may have been missed meanwhile. */
  opened(reconnect: boolean, token: string | null): void {
    this.pendingLogins = 0; // answers to logins on the old socket never come
    this.token = token;
    if (token) this.login(token);
    if (reconnect && token) this.gapOnLogin = true;
  }

  private login(token: string): void {
    this.pendingLogins++;
    this.host.send({ type: 'login', token });
  }

  /** A refusal ends the session unless a newer login (a token switch) is still on its way: its answer decides. */
  loginAnswered(ok: boolean, msg: string, seq?: number, at?: number): void {
    this.pendingLogins = Math.max(0, this.pendingLogins - 1);
    if (!ok) {
      if (this.pendingLogins === 0 && this.token) this.host.toSink((s) => s.onSessionRejected(msg, at));
      return;
    }
    for (const topic of SIGNED_IN_TOPICS) this.host.send({ type: 'sub', topic });
    let gap = this.gapOnLogin;
    this.gapOnLogin = false;
    if (seq !== undefined) {
      if (this.lastSeq !== null && seq > this.lastSeq) gap = true;
      if (this.lastSeq === null || seq > this.lastSeq) this.lastSeq = seq;
    }
    if (gap) this.host.toSink((s) => s.onOrderGap());
  }

  revoked(msg: string, at?: number): void {
    if (this.pendingLogins === 0 && this.token) this.host.toSink((s) => s.onSessionRejected(msg, at));
  }

  onEvent(ev: OrderEvent): void {
    const last = this.lastSeq;
    // A duplicate, or one that arrived after a later one: the app has it or refetched past it.
    if (last !== null && ev.seq <= last) return;
    const gap = last !== null && ev.seq !== last + 1;
    this.lastSeq = ev.seq;
    this.host.toSink((s) => s.onOrderEvent(ev));
    if (gap) this.host.toSink((s) => s.onOrderGap());
  }

  /** A new sequence; on an open socket log out and in now (else opened() logs in). */
  switchToken(old: string | null, token: string | null): void {
    this.token = token;
    this.lastSeq = null;
    this.gapOnLogin = false;
    if (!this.host.isOpen()) return;
    if (old) {
      for (const topic of SIGNED_IN_TOPICS) this.host.send({ type: 'unsub', topic });
      this.host.send({ type: 'logout' });
    }
    if (token) this.login(token);
  }
}
