// The signed-in side of the socket: login with the session token, its subscriptions (orders, price alerts, account)
// once it is accepted, and the event sequence: a duplicate is dropped, a gap (or a reconnect while signed in) tells the app
// to refetch, because events may have been missed.
import {
  TOPIC_ACCOUNT,
  TOPIC_ORDER_CLOSED,
  TOPIC_ORDER_CHANGED,
  TOPIC_PRICE_ALERT,
  TOPIC_MARGIN_CALL,
  type ClientMessage,
} from '../../domain/ws-protocol.ts';
import type { FeedSink, OrderEvent } from '../protocol.ts';

export interface OrderEventsHost {
  send(msg: ClientMessage): void;
  isOpen(): boolean;
  toSink(fn: (sink: FeedSink) => unknown): void;
}

export class OrderEvents {
  private lastSeq: number | null = null;
  private gapOnLogin = false;
  /** Logins sent and not yet answered: only the answer to the newest one speaks for the current token. */
  private pendingLogins = 0;
  /** The token this socket speaks for; none (signed out): a late refusal means nothing. */
  private token: string | null = null;

  constructor(private readonly host: OrderEventsHost) {}

  /** The socket (re)opened: log in again; after a reconnect the app refetches once FOREX_* are back on. */
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

  /**
   * The login answer. Accepted: FOREX_* subscriptions, and `seq` (the user's last event) is where this socket's
   * events start; past what we saw, events were missed and the app refetches. Refused: the session is over
   * (onSessionRejected), unless a newer login is still on its way (a token switch), whose answer decides.
   */
  loginAnswered(ok: boolean, msg: string, seq?: number, at?: number): void {
    this.pendingLogins = Math.max(0, this.pendingLogins - 1);
    if (!ok) {
      if (this.pendingLogins === 0 && this.token) this.host.toSink((s) => s.onSessionRejected(msg, at));
      return;
    }
    this.host.send({ type: 'sub', topic: TOPIC_ORDER_CHANGED });
    this.host.send({ type: 'sub', topic: TOPIC_ORDER_CLOSED });
    this.host.send({ type: 'sub', topic: TOPIC_PRICE_ALERT });
    this.host.send({ type: 'sub', topic: TOPIC_ACCOUNT });
    this.host.send({ type: 'sub', topic: TOPIC_MARGIN_CALL });
    let gap = this.gapOnLogin;
    this.gapOnLogin = false;
    if (seq !== undefined) {
      if (this.lastSeq !== null && seq > this.lastSeq) gap = true;
      if (this.lastSeq === null || seq > this.lastSeq) this.lastSeq = seq;
    }
    if (gap) this.host.toSink((s) => s.onOrderGap());
  }

  /** The server ended this socket's session (logout, or ended from another device at `at`). */
  revoked(msg: string, at?: number): void {
    if (this.pendingLogins === 0 && this.token) this.host.toSink((s) => s.onSessionRejected(msg, at));
  }

  onEvent(ev: OrderEvent): void {
    const last = this.lastSeq;
    // Already seen (a duplicate, or one that arrived after a later one): the app has it or refetched past it.
    if (last !== null && ev.seq <= last) return;
    const gap = last !== null && ev.seq !== last + 1;
    this.lastSeq = ev.seq;
    this.host.toSink((s) => s.onOrderEvent(ev));
    if (gap) this.host.toSink((s) => s.onOrderGap());
  }

  /** Another user (or none): a new sequence; on an open socket log out and in now (else opened() logs in). */
  switchToken(old: string | null, token: string | null): void {
    this.token = token;
    this.lastSeq = null;
    this.gapOnLogin = false;
    if (!this.host.isOpen()) return;
    if (old) {
      this.host.send({ type: 'unsub', topic: TOPIC_ORDER_CHANGED });
      this.host.send({ type: 'unsub', topic: TOPIC_ORDER_CLOSED });
      this.host.send({ type: 'unsub', topic: TOPIC_PRICE_ALERT });
      this.host.send({ type: 'unsub', topic: TOPIC_ACCOUNT });
      this.host.send({ type: 'unsub', topic: TOPIC_MARGIN_CALL });
      this.host.send({ type: 'logout' });
    }
    if (token) this.login(token);
  }
}
