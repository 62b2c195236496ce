// The order engine is built and started by server/compose.ts and handed in on the context.
import type { FastifyInstance } from 'fastify';
import type { OrderStatus } from '../../domain/types.ts';
import type { AppContext } from '../core/app-context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../../domain/idempotency.ts';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from '../engine/idempotency.ts';
import { myDeal } from '../engine/order-lists.ts';
import { ok } from '../http/envelope.ts';
import { int, query, requiredStr, str, type JsonSchema } from '../http/schemas.ts';
import { submitInputOf, type SubmitQuery } from '../http/wire/submit-query.ts';
import { CLOSE_ALL, ORDER, ORDER_LIST } from '../http/wire/trading.ts';
import { replies, sessionRead, sessionRoute } from '../http/wire-schema.ts';
import { budget } from '../security/budgets.ts';

const TAGS = ['Trading'];

const PRICE = str(40);
/** Query strings are coerced by type, so `type` is needed. */
const intOf = (...values: number[]): JsonSchema => ({ type: 'integer', enum: values });
const ORDER_ID = int(1);
const ORDER_BUDGET = budget('order');
/** An order's change: its query, answered with the order. */
const orderChange = (querystring: JsonSchema) =>
  sessionRoute(TAGS, ORDER_BUDGET, { querystring, response: replies(ORDER) });

export async function tradingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx);
  const { engine } = ctx;

  app.get<{ Querystring: SubmitQuery & { forex_id: number } }>(
    '/v1/api/forex/submit',
    sessionRoute(TAGS, ORDER_BUDGET, {
      describeHeaders: {
        [IDEMPOTENCY_HEADER]: {
          type: 'string',
          pattern: IDEMPOTENCY_KEY_PATTERN,
          description: 'a retried submit with the same key answers the first order',
        },
      },
      querystring: query(
        {
          type: intOf(1, 2),
          cont: requiredStr(40),
          forex_id: int(1),
          status: intOf(0, 1),
          target_price: PRICE,
          stop_loss_price: PRICE,
          target_profit_price: PRICE,
          multiple: int(0, 1_000_000),
          expire: str(20),
        },
        ['type', 'cont', 'forex_id', 'status'],
      ),
      response: replies(ORDER),
    }),
    async (request) => {
      const user = caller(request);
      const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
      const q = request.query;
      return ok(await engine.submit(user.id, q.forex_id, submitInputOf(q), key));
    },
  );

  app.get<{ Querystring: { status: number; page?: number } }>(
    '/v1/api/forex/my_deal',
    sessionRead(TAGS, ORDER_LIST, query({ status: intOf(0, 1, 3), page: int(1, 1_000_000) }, ['status'])),
    async (request) => {
      const user = caller(request);
      const status = Number(request.query.status) as OrderStatus;
      return ok(await myDeal(ctx.db, engine, user.id, status, request.query.page ?? 1));
    },
  );

  app.get<{ Querystring: { id: number; cont?: string } }>(
    '/v1/api/forex/close',
    orderChange(query({ id: ORDER_ID, cont: str(40) }, ['id'])),
    async (request) => ok(await engine.close(caller(request).id, request.query.id, request.query.cont ?? '')),
  );

  // Each position closes in its own transaction.
  app.get<{ Querystring: { scope: 'all' | 'buy' | 'sell'; forex_id?: number } }>(
    '/v1/api/forex/close_all',
    sessionRoute(TAGS, ORDER_BUDGET, {
      querystring: query({ scope: { type: 'string', enum: ['all', 'buy', 'sell'] }, forex_id: int(1) }, ['scope']),
      response: replies(CLOSE_ALL),
    }),
    async (request) => {
      const user = caller(request);
      const { scope, forex_id: instrumentId } = request.query;
      const side = scope === 'all' ? undefined : scope;
      return ok({ results: await engine.closeAll(user.id, { side, instrumentId }) });
    },
  );

  app.get<{ Querystring: { id: number } }>(
    '/v1/api/forex/cancel_trade',
    orderChange(query({ id: ORDER_ID }, ['id'])),
    async (request) => ok(await engine.cancel(caller(request).id, request.query.id)),
  );

  app.get<{
    Querystring: { id: number; target_profit_price?: string; stop_loss_price?: string; trail_distance?: string };
  }>(
    '/v1/api/forex/set_stop_price',
    orderChange(
      query({ id: ORDER_ID, target_profit_price: PRICE, stop_loss_price: PRICE, trail_distance: PRICE }, ['id']),
    ),
    async (request) => {
      const {
        id,
        target_profit_price: profit = '0',
        stop_loss_price: loss = '0',
        trail_distance: trail = '0',
      } = request.query;
      return ok(await engine.setStops(caller(request).id, id, profit, loss, trail));
    },
  );

  app.get<{ Querystring: { id: number; price: string } }>(
    '/v1/api/forex/set_pending_price',
    orderChange(query({ id: ORDER_ID, price: requiredStr(40) }, ['id', 'price'])),
    async (request) => ok(await engine.setPendingPrice(caller(request).id, request.query.id, request.query.price)),
  );
}
