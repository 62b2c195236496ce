// Answers timed by route, and trading refusals counted by key, since business refusals answer HTTP 200.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.ts';

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
