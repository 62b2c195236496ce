// Prometheus metrics; labels stay bounded, never a user, an order or an address (docs/operations.md "Metrics").
import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  httpRequests: Histogram<'method' | 'route' | 'status'>;
  /** Demo play money is no house figure, so the order series carry `account`. */
  ordersPlaced: Counter<'status' | 'account'>;
  ordersClosed: Counter<'reason' | 'account'>;
  ordersRefused: Counter<'reason' | 'account'>;
  engineTick: Histogram;
  dbQuery: Histogram<'kind'>;
  writerLeader: Gauge;
  /** Failed means given up. */
  deliveries: Counter<'channel' | 'state'>;
}

/** Seconds, from a cache hit to the slowest accepted answer. */
const HTTP_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
/** Seconds; an engine tick costs microseconds, a stop-out sweep up to milliseconds. */
const TICK_BUCKETS = [0.000_01, 0.000_05, 0.000_1, 0.000_5, 0.001, 0.005, 0.01, 0.05];
const DB_BUCKETS = [0.000_5, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1, 5];

/** Each shown from the start at 0. */
const DELIVERY_CHANNELS = ['email', 'sms'] as const;
const DELIVERY_STATES = ['queued', 'sent', 'retried', 'failed'] as const;

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: L[]) =>
    new Counter<L>({ name, help, labelNames, registers });
  const histogram = <L extends string>(name: string, help: string, labelNames: L[], buckets: number[]) =>
    new Histogram<L>({ name, help, labelNames, buckets, registers });
  const deliveries = counter(
    'tickwise_deliveries_total',
    'Codes and notices queued, sent, retried and given up (failed), by channel',
    ['channel', 'state'],
  );
  // A series born at 1 makes increase() see no rise: TickwiseDeliveryFailures would miss a process's first give-up.
  for (const channel of DELIVERY_CHANNELS) for (const state of DELIVERY_STATES) deliveries.inc({ channel, state }, 0);
  return {
    registry,
    httpRequests: histogram(
      'tickwise_http_request_duration_seconds',
      'HTTP requests by method, route pattern and status, with their latency',
      ['method', 'route', 'status'],
      HTTP_BUCKETS,
    ),
    ordersPlaced: counter(
      'tickwise_orders_placed_total',
      'Orders placed, by the status they were placed in (pending or holding) and account (real or demo)',
      ['status', 'account'],
    ),
    ordersClosed: counter(
      'tickwise_orders_closed_total',
      'Positions closed and pending orders ended, by reason and account (real or demo)',
      ['reason', 'account'],
    ),
    ordersRefused: counter(
      'tickwise_orders_refused_total',
      'Trading requests refused, by error key and account (real or demo)',
      ['reason', 'account'],
    ),
    engineTick: histogram(
      'tickwise_engine_tick_seconds',
      "The order engine's work per tick (triggers, stops, stop-out)",
      [],
      TICK_BUCKETS,
    ),
    dbQuery: histogram(
      'tickwise_db_query_duration_seconds',
      'Database statements and transactions, with their latency',
      ['kind'],
      DB_BUCKETS,
    ),
    deliveries,
    writerLeader: new Gauge({
      name: 'tickwise_writer_leader',
      help: '1 while this process is the market writer (role all, or the market role holding the writer lock)',
      registers,
    }),
  };
}

// Answers timed by route, and trading refusals counted by key, since business refusals answer HTTP 200.
const refusals = new WeakMap<FastifyRequest, string>();

/** Called by the error handler (server/http/errors.ts sendError). */
export function noteRefusal(request: FastifyRequest, key: string): void {
  refusals.set(request, key);
}

const SUBMIT = '/v1/api/forex/submit';
/** Their refusals count as refused orders. */
const TRADING_ROUTES: ReadonlySet<string> = new Set([
  SUBMIT,
  '/v1/api/forex/close',
  '/v1/api/forex/close_all',
  '/v1/api/forex/cancel_trade',
  '/v1/api/forex/set_stop_price',
  '/v1/api/forex/set_pending_price',
]);

export function httpMetricsHook(m: Metrics): (request: FastifyRequest, reply: FastifyReply) => void {
  return (request, reply) => {
    // The pattern, never the URL: a path or a query cannot make a new series.
    const route = request.routeOptions.url ?? 'unmatched';
    m.httpRequests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (!TRADING_ROUTES.has(route)) return;
    const refused = refusals.get(request);
    // Demo accounts' play money is counted apart, so the house's figures are real accounts' alone.
    const account = request.sessionUser?.is_demo === 1 ? 'demo' : 'real';
    if (refused !== undefined) m.ordersRefused.inc({ reason: refused, account });
    else if (route === SUBMIT && reply.statusCode === 200) {
      const status = (request.query as { status?: unknown } | undefined)?.status;
      m.ordersPlaced.inc({ status: String(status) === '0' ? 'pending' : 'market', account });
    }
  };
}
