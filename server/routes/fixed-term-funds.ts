// docs/contract.md §7 funds, all GET: list and info (public: /mining shows the funds to visitors too), buy (the amount leaves the
// balance into a subscription, one transaction with its ledger record), subList and insList (the caller's own),
// applyRefund (early redemption: the amount back less the penalty, two ledger records). Real accounts only for the
// money (one session hook on that group); the SQL is server/funds/funds-repository.ts; the daily income is the job's
// (server/funds/income-job.ts).
import type { FastifyInstance } from 'fastify';
import { exactText, fixed } from '../../domain/decimal.ts';
import { trimZeros } from '../../domain/decimal-text.ts';
import { checkFundAmount, dayProfit, redemptionPenalty } from '../../domain/fund-maths.ts';
import {
  SubscriptionStatus,
  type FundIncome,
  type FundSubscription,
  type LastPaged,
  type Fund,
} from '../../domain/fund-types.ts';
import type { AppContext } from '../context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { pickLanguage, requestText } from '../http/i18n.ts';
import { readerLanguage } from '../content/content-languages.ts';
import { int, query, str } from '../http/schemas.ts';
import { wireTime } from '../../domain/wire-time.ts';
import { move } from '../ledger/ledger.ts';
import { exactMoneyText } from '../../domain/format/money-text.ts';
import { RecordType } from '../ledger/record-types.ts';
import { INCOMES, FUND, MINING_FUNDS, SUBSCRIPTIONS } from '../http/wire/wallet.ts';
import { replies, SESSION } from '../http/wire-schema.ts';
import {
  endSubscription,
  enabledFund,
  enabledFunds,
  insertSubscription,
  lockSubscription,
  ownsSubscription,
  subscriptionIncomes,
  userSubscriptions,
  type FundRow,
} from '../funds/funds-repository.ts';
import { budget } from '../security/budgets.ts';
import { readPage } from '../http/paging.ts';

const TAGS = ['Mining funds'];

export const FUNDS_PAGE_SIZE = 10;

export const toFund = (r: FundRow): Fund => ({
  id: r.id,
  lang: pickLanguage(r.lang),
  title: r.title,
  image: r.image,
  currency_code: r.currency_code,
  lock_dividend_days: r.lock_dividend_days,
  dividend_percentage: trimZeros(r.dividend_percentage, 0),
  staring_sub_amount: trimZeros(r.staring_sub_amount, 0),
  max_sub_amount: trimZeros(r.max_sub_amount, 0),
  desc: r.description,
  liquidated_damages: trimZeros(r.liquidated_damages, 0),
});

const lastPage = (total: number): number => Math.max(1, Math.ceil(total / FUNDS_PAGE_SIZE));
const pageQuery = query({ page: int(1, 1_000_000) });

async function fundById(ctx: AppContext, lang: string, id: number): Promise<FundRow> {
  const fund = await enabledFund(ctx.db, lang, id);
  if (!fund) throw new ApiError('fund_not_found');
  return fund;
}

export async function fundRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Querystring: { page?: number } }>(
    '/api/fund/list',
    { schema: { tags: TAGS, querystring: pageQuery, response: replies(MINING_FUNDS) } },
    async (request) => {
      const { rows, total } = await readPage(request.query.page, FUNDS_PAGE_SIZE, (limit, offset) =>
        enabledFunds(ctx.db, readerLanguage(request.headers), limit, offset),
      );
      const data: LastPaged<Fund> = { data: rows.map(toFund), last_page: lastPage(total) };
      return ok(data);
    },
  );

  app.get<{ Querystring: { id: number } }>(
    '/api/fund/info',
    { schema: { tags: TAGS, querystring: query({ id: int(1) }, ['id']), response: replies(FUND) } },
    async (request) => ok(toFund(await fundById(ctx, readerLanguage(request.headers), request.query.id))),
  );

  // Buying, the caller's subscriptions and redemptions: real accounts only (docs/contract.md §6), one session hook.
  await app.register(async (authed) => {
    requireSession(authed, ctx, { real: true });

    authed.get<{ Querystring: { id: number; amount?: string } }>(
      '/api/fund/buy',
      {
        config: { budget: budget('write') },
        schema: {
          tags: TAGS,
          security: SESSION,
          querystring: query({ id: int(1), amount: str(40) }, ['id']),
          response: replies({ type: 'null' }),
        },
      },
      async (request) => {
        const user = caller(request);
        const fund = await fundById(ctx, readerLanguage(request.headers), request.query.id);
        // The screen's check before its confirm sheet, again (docs/contract.md §5 'input lock number', amount, minimum, maximum).
        const checked = checkFundAmount(request.query.amount ?? '', fund);
        if (!checked.ok) throw new ApiError(checked.error, undefined, checked.params);
        const amount = checked.value;
        const now = ctx.clock.now();
        await ctx.db.tx(async (q) => {
          const subId = await insertSubscription(q, {
            userId: user.id,
            fundId: fund.id,
            amount: exactText(amount),
            dayProfit: exactText(dayProfit(amount, fund.dividend_percentage)),
            lockDays: fund.lock_dividend_days,
            penalty: fund.liquidated_damages,
            at: now,
          });
          // Refuses (rolling the subscription back) when the balance is short.
          await move(q, user.id, {
            balance: amount.neg(),
            type: RecordType.FUND_SUBSCRIBE,
            memo: `${fund.name} #${subId}`, // the internal name: a record reads the same in every language
            at: now,
          });
        });
        return ok(null, requestText(request, 'server.fund_subscribed'));
      },
    );

    authed.get<{ Querystring: { page?: number } }>(
      '/api/fund/subList',
      { schema: { tags: TAGS, security: SESSION, querystring: pageQuery, response: replies(SUBSCRIPTIONS) } },
      async (request) => {
        const user = caller(request);
        const { rows, total } = await readPage(request.query.page, FUNDS_PAGE_SIZE, (limit, offset) =>
          userSubscriptions(ctx.db, readerLanguage(request.headers), user.id, limit, offset),
        );
        const data: LastPaged<FundSubscription> = {
          data: rows.map((r) => ({
            id: Number(r.sid),
            status: r.status as FundSubscription['status'],
            share_amount: exactMoneyText(r.share_amount),
            sub_time: wireTime(r.sub_time),
            day_profit: fixed(r.day_profit, 4),
            sum_profit: fixed(r.sum ?? 0, 4),
            paid_days: Number(r.days),
            get_fund: toFund(r),
          })),
          last_page: lastPage(total),
        };
        return ok(data);
      },
    );

    authed.get<{ Querystring: { sub_id: number; page?: number } }>(
      '/api/fund/insList',
      {
        schema: {
          tags: TAGS,
          security: SESSION,
          querystring: query({ sub_id: int(1), page: int(1, 1_000_000) }, ['sub_id']),
          response: replies(INCOMES),
        },
      },
      async (request) => {
        const user = caller(request);
        if (!(await ownsSubscription(ctx.db, request.query.sub_id, user.id)))
          throw new ApiError('subscription_not_found');
        const { rows, total } = await readPage(request.query.page, FUNDS_PAGE_SIZE, (limit, offset) =>
          subscriptionIncomes(ctx.db, request.query.sub_id, limit, offset),
        );
        const data: LastPaged<FundIncome> = {
          data: rows.map((r) => ({
            id: Number(r.id),
            interest: fixed(r.interest, 4),
            created_at: wireTime(r.created_at),
          })),
          last_page: lastPage(total),
        };
        return ok(data);
      },
    );

    authed.get<{ Querystring: { sub_id: number } }>(
      '/api/fund/applyRefund',
      {
        config: { budget: budget('write') },
        schema: {
          tags: TAGS,
          security: SESSION,
          querystring: query({ sub_id: int(1) }, ['sub_id']),
          response: replies({ type: 'null' }),
        },
      },
      async (request) => {
        const user = caller(request);
        const now = ctx.clock.now();
        await ctx.db.tx(async (q) => {
          const s = await lockSubscription(q, request.query.sub_id, user.id);
          if (!s) throw new ApiError('subscription_not_found');
          if (s.status !== SubscriptionStatus.DOING) throw new ApiError('subscription_not_doing');
          const penalty = redemptionPenalty(s.share_amount, s.penalty_percentage);
          await endSubscription(q, s.id, SubscriptionStatus.REFUNDED, now);
          const memo = `${s.title} #${s.id}`;
          await move(q, user.id, { balance: s.share_amount, type: RecordType.FUND_REDEEM, memo, at: now });
          if (penalty.gt(0))
            await move(q, user.id, { balance: penalty.neg(), type: RecordType.FUND_PENALTY, memo, at: now });
        });
        return ok(null, requestText(request, 'server.fund_redeemed'));
      },
    );
  });
}
