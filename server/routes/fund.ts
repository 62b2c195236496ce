// SPEC §7 fixed-term funds: /api/fund/list, info, buy, subList, insList, applyRefund — all GET, as the spec lists them.
// list and info are public (the fund list is browsable before login); the rest need a session. See docs/funds.md.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { sessionUser } from '../auth/session.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { int, query, str } from '../http/schemas.ts';
import { findFund, findOwnSubscription, listFunds, listIncome, listSubscriptions, toWireFund } from '../funds/fund-repo.ts';
import { applyRefund, buyFund } from '../funds/fund-service.ts';

const PAGE = int(1, 1_000_000);
const ID = int(1);

export async function fundRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Querystring: { page?: number } }>('/api/fund/list', { schema: { querystring: query({ page: PAGE }) } }, async (request) =>
    ok(await listFunds(ctx.db, request.query.page ?? 1)),
  );

  app.get<{ Querystring: { id: number } }>('/api/fund/info', { schema: { querystring: query({ id: ID }, ['id']) } }, async (request) => {
    const fund = await findFund(ctx.db, request.query.id);
    if (!fund) throw new ApiError('fund_not_found');
    return ok(toWireFund(fund));
  });

  app.get<{ Querystring: { id: number; amount?: string } }>(
    '/api/fund/buy',
    { schema: { querystring: query({ id: ID, amount: str(40) }, ['id']) } },
    async (request) => {
      const user = await sessionUser(ctx, request);
      return ok(await buyFund(ctx, user, request.query.id, request.query.amount, ctx.fundJob.dayMs));
    },
  );

  app.get<{ Querystring: { page?: number } }>('/api/fund/subList', { schema: { querystring: query({ page: PAGE }) } }, async (request) => {
    const user = await sessionUser(ctx, request);
    return ok(await listSubscriptions(ctx.db, user.id, request.query.page ?? 1));
  });

  app.get<{ Querystring: { sub_id: number; page?: number } }>(
    '/api/fund/insList',
    { schema: { querystring: query({ sub_id: ID, page: PAGE }, ['sub_id']) } },
    async (request) => {
      const user = await sessionUser(ctx, request);
      if (!(await findOwnSubscription(ctx.db, user.id, request.query.sub_id))) throw new ApiError('subscription_not_found');
      return ok(await listIncome(ctx.db, request.query.sub_id, request.query.page ?? 1));
    },
  );

  app.get<{ Querystring: { sub_id: number } }>(
    '/api/fund/applyRefund',
    { schema: { querystring: query({ sub_id: ID }, ['sub_id']) } },
    async (request) => {
      const user = await sessionUser(ctx, request);
      return ok(await applyRefund(ctx, user, request.query.sub_id));
    },
  );
}
