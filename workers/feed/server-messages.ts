// The one switch over every message type the socket can bring, so a new type is handled here or logged as unknown.
import { alertFromWire } from '../../domain/price-alerts.ts';
import { appOrderOf } from '../../domain/types.ts';
import type { ServerMessage } from '../../domain/ws-protocol.ts';
import type { FeedSink } from '../protocol.ts';
import type { ChartWatches } from './chart-watches.ts';
import type { FeedDeps } from './deps.ts';
import type { OrderEvents } from './order-events.ts';

export interface MessageRooms {
  log: FeedDeps['log'];
  pong(serverTime: number | undefined): void;
  quotes(data: readonly unknown[]): void;
  chart: Pick<ChartWatches, 'onMinute'>;
  orders: Pick<OrderEvents, 'onEvent' | 'loginAnswered' | 'revoked'>;
  /** Logged rather than thrown when it fails. */
  toSink(fn: (sink: FeedSink) => unknown): void;
}

export function dispatchServerMessage(msg: ServerMessage, to: MessageRooms): void {
  switch (msg.type) {
    case 'pong':
      to.pong(typeof msg.t === 'number' ? msg.t : undefined);
      return;
    case 'DAY_MARKET':
      to.quotes(msg.data);
      return;
    case 'KLINE':
      to.chart.onMinute(msg.data);
      return;
    case 'FOREX_TRADE':
    case 'FOREX_CLOSED':
      to.orders.onEvent({
        change: msg.type === 'FOREX_CLOSED' ? 'closed' : 'changed',
        seq: msg.seq,
        data: appOrderOf(msg.data),
      });
      return;
    case 'PRICE_ALERT':
      to.toSink((s) => s.onPriceAlert?.(alertFromWire(msg.data)));
      return;
    case 'ACCOUNT':
      to.toSink((s) => s.onAccountChange?.(msg.data.kind));
      return;
    case 'MARGIN_CALL':
      to.toSink((s) => s.onMarginCall?.(msg.data));
      return;
    case 'login':
      if (!msg.ok) to.log.warn('feed: socket login refused', msg.msg);
      to.orders.loginAnswered(msg.ok, msg.msg, msg.seq, msg.at);
      return;
    case 'revoked':
      to.orders.revoked(msg.msg, msg.at);
      return;
    case 'sub':
    case 'unsub':
      if (!msg.ok) to.log.warn(`feed: ${msg.type} ${msg.topic} refused`, msg.msg ?? '');
      return;
    case 'error':
      to.log.warn('feed: server error', msg.msg);
      return;
    case 'logout':
    case 'rate': // acknowledgements of setLowBandwidth: nothing to do
    case 'codes':
      return;
    default:
      to.log.warn('feed: unknown message type', (msg as { type: unknown }).type);
  }
}
