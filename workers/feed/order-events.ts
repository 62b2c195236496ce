// The signed-in side of the socket: login with the session token, FOREX_TRADE / FOREX_CLOSED subscriptions once it
// is accepted, and the event sequence: a duplicate is dropped, a gap (or a reconnect while signed in) tells the app
// to refetch, because events may have been missed.
import { TOPIC_FOREX_CLOSED, TOPIC_FOREX_TRADE, type ClientMessage } from '../../src/domain/ws-protocol.ts';
import type { FeedSink, OrderEvent } from '../protocol.ts';

export interface OrderEventsHost {
  send(msg: ClientMessage): void;
  isOpen(): boolean;
  toSink(fn: (sink: FeedSink) => unknown): void;
}

export class OrderEvents {
  private lastSeq: number | null = null;
  private gapOnLogin = false;

  constructor(private readonly host: OrderEventsHost) {}

  /** The socket (re)opened: log in again; after a reconnect the app refetches once FOREX_* are back on. */
  opened(reconnect: boolean, token: string | null): void {
    if (token) this.host.send({ type: 'login', token });
    if (reconnect && token) this.gapOnLogin = true;
  }

  loggedIn(): void {
    this.host.send({ type: 'sub', topic: TOPIC_FOREX_TRADE });
    this.host.send({ type: 'sub', topic: TOPIC_FOREX_CLOSED });
    if (this.gapOnLogin) {
      this.gapOnLogin = false;
      this.host.toSink((s) => s.onOrderGap());
    }
  }

  onEvent(ev: OrderEvent): void {
    const last = this.lastSeq;
    if (last !== null && ev.seq === last) return; // the same event twice
    const gap = last !== null && ev.seq !== last + 1;
    this.lastSeq = ev.seq;
    this.host.toSink((s) => s.onOrderEvent(ev));
    if (gap) this.host.toSink((s) => s.onOrderGap());
  }

  /** Another user (or none): a new sequence; on an open socket log out and in now (else opened() logs in). */
  switchToken(old: string | null, token: string | null): void {
    this.lastSeq = null;
    this.gapOnLogin = false;
    if (!this.host.isOpen()) return;
    if (old) {
      this.host.send({ type: 'unsub', topic: TOPIC_FOREX_TRADE });
      this.host.send({ type: 'unsub', topic: TOPIC_FOREX_CLOSED });
      this.host.send({ type: 'logout' });
    }
    if (token) this.host.send({ type: 'login', token });
  }
}
