// list and info are public: /mining shows the funds to visitors too.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ok } from '../http/envelope.ts';
import { pickLanguage, requestText } from '../http/i18n.ts';
import { int, query, str, type JsonSchema } from '../http/schemas.ts';
import { INCOMES, FUND, FUND_PAGES, SUBSCRIPTIONS } from '../http/wire/wallet.ts';
import { publicRead, replies, sessionRead, sessionRoute, nothing } from '../http/wire-schema.ts';
import { budget } from '../security/budgets.ts';
import { buyFund, fundInfo, fundPage, incomePage, redeemSubscription, subscriptionPage } from '../funds/fund-flow.ts';

const TAGS = ['Fixed-term funds'];

const pageQuery = query({ page: int(1, 1_000_000) });
const fundWrite = (querystring: JsonSchema) =>
  sessionRoute(TAGS, budget('write'), { querystring, response: replies(nothing) });

export async function fundRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Querystring: { page?: number } }>(
    '/api/fund/list',
    publicRead(TAGS, FUND_PAGES, pageQuery),
    async (request) => ok(await fundPage(ctx, pickLanguage(request.headers.lang), request.query.page)),
  );

  app.get<{ Querystring: { id: number } }>(
    '/api/fund/info',
    publicRead(TAGS, FUND, query({ id: int(1) }, ['id'])),
    async (request) => ok(await fundInfo(ctx, pickLanguage(request.headers.lang), request.query.id)),
  );

  // Money needs a real account (docs/contract.md §6).
  await app.register(async (authed) => {
    requireSession(authed, ctx, { real: true });

    authed.get<{ Querystring: { id: number; amount?: string } }>(
      '/api/fund/buy',
      fundWrite(query({ id: int(1), amount: str(40) }, ['id'])),
      async (request) => {
        const { id, amount } = request.query;
        await buyFund(ctx, caller(request).id, pickLanguage(request.headers.lang), id, amount ?? '');
        return ok(null, requestText(request, 'server.fund_subscribed'));
      },
    );

    authed.get<{ Querystring: { page?: number } }>(
      '/api/fund/subList',
      sessionRead(TAGS, SUBSCRIPTIONS, pageQuery),
      async (request) =>
        ok(await subscriptionPage(ctx, pickLanguage(request.headers.lang), caller(request).id, request.query.page)),
    );

    authed.get<{ Querystring: { sub_id: number; page?: number } }>(
      '/api/fund/insList',
      sessionRead(TAGS, INCOMES, query({ sub_id: int(1), page: int(1, 1_000_000) }, ['sub_id'])),
      async (request) => ok(await incomePage(ctx, caller(request).id, request.query.sub_id, request.query.page)),
    );

    authed.get<{ Querystring: { sub_id: number } }>(
      '/api/fund/applyRefund',
      fundWrite(query({ sub_id: int(1) }, ['sub_id'])),
      async (request) => {
        await redeemSubscription(ctx, caller(request).id, request.query.sub_id);
        return ok(null, requestText(request, 'server.fund_redeemed'));
      },
    );
  });
}
