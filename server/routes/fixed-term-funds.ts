// SPEC §7 funds, all GET: list and info (public: /mining shows the funds to visitors too), buy (the amount leaves the
// balance into a subscription, one transaction with its ledger record), subList and insList (the caller's own),
// applyRefund (early redemption: the amount back less the penalty, two ledger records). Real accounts only for the
// money; the daily income is the job's (server/funds/income-job.ts).
import type { FastifyInstance } from 'fastify';
import { exactText, fixed } from '../../src/domain/decimal.ts';
import { trimZeros } from '../../src/domain/decimal-text.ts';
import { checkFundAmount, dayProfit, redemptionPenalty } from '../../src/domain/fund-maths.ts';
import { SubscriptionStatus, type FundIncome, type FundSubscription, type LastPaged, type MiningFund } from '../../src/domain/fund-types.ts';
import type { AppContext } from '../context.ts';
import { realSessionUser } from '../auth/session.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requestText } from '../http/i18n.ts';
import { int, query, str } from '../http/schemas.ts';
import { wireTime } from '../../src/domain/wire-time.ts';
import { move } from '../ledger/ledger.ts';
import { exactMoneyText } from '../../src/domain/money-text.ts';
import { RecordType } from '../ledger/record-types.ts';
import { INCOMES, MINING_FUND, MINING_FUNDS, SUBSCRIPTIONS } from '../http/wire/money.ts';
import { replies, SESSION } from '../http/wire-schema.ts';

const TAGS = ['Mining funds'];

export const FUNDS_PAGE_SIZE = 10;

interface FundRow {
  id: number;
  title: string;
  image: string;
  currency_code: string;
  lock_dividend_days: number;
  dividend_percentage: string;
  staring_sub_amount: string;
  max_sub_amount: string;
  description: string;
  liquidated_damages: string;
}

const FUND_COLUMNS = `f.id, f.title, f.image, f.currency_code, f.lock_dividend_days, f.dividend_percentage, f.staring_sub_amount,
  f.max_sub_amount, f.description, f.liquidated_damages`;

export const toFund = (r: FundRow): MiningFund => ({
  id: r.id,
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

async function fundById(ctx: AppContext, id: number): Promise<FundRow> {
  const rows = await ctx.db.query<FundRow>(`SELECT ${FUND_COLUMNS} FROM funds f WHERE f.id = $1 AND f.enabled = 1`, [id]);
  const fund = rows[0];
  if (!fund) throw new ApiError('fund_not_found');
  return fund;
}

export async function fundRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get<{ Querystring: { page?: number } }>('/api/fund/list', { schema: { tags: TAGS, querystring: pageQuery, response: replies(MINING_FUNDS) } }, async (request) => {
    const page = request.query.page ?? 1;
    const [rows, count] = await Promise.all([
      ctx.db.query<FundRow>(`SELECT ${FUND_COLUMNS} FROM funds f WHERE f.enabled = 1 ORDER BY f.sort, f.id LIMIT $1 OFFSET $2`, [
        FUNDS_PAGE_SIZE,
        (page - 1) * FUNDS_PAGE_SIZE,
      ]),
      ctx.db.query<{ n: string }>('SELECT count(*)::text AS n FROM funds WHERE enabled = 1'),
    ]);
    const data: LastPaged<MiningFund> = { data: rows.map(toFund), last_page: lastPage(Number(count[0]?.n ?? 0)) };
    return ok(data);
  });

  app.get<{ Querystring: { id: number } }>('/api/fund/info', { schema: { tags: TAGS, querystring: query({ id: int(1) }, ['id']), response: replies(MINING_FUND) } }, async (request) =>
    ok(toFund(await fundById(ctx, request.query.id))),
  );

  app.get<{ Querystring: { id: number; amount?: string } }>(
    '/api/fund/buy',
    { schema: { tags: TAGS, security: SESSION, querystring: query({ id: int(1), amount: str(40) }, ['id']), response: replies({ type: 'null' }) } },
    async (request) => {
      const user = await realSessionUser(ctx, request);
      const fund = await fundById(ctx, request.query.id);
      // The screen's check before its confirm sheet, again (SPEC §5 'input lock number', amount, minimum, maximum).
      const checked = checkFundAmount(request.query.amount ?? '', fund);
      if (!checked.ok) throw new ApiError(checked.error, undefined, checked.params);
      const amount = checked.value;
      const now = ctx.clock.now();
      await ctx.db.tx(async (q) => {
        const rows = await q.query<{ id: string }>(
          `INSERT INTO fund_subscriptions (user_id, fund_id, share_amount, day_profit, lock_days, penalty_percentage, sub_time)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [user.id, fund.id, exactText(amount), exactText(dayProfit(amount, fund.dividend_percentage)), fund.lock_dividend_days,
            fund.liquidated_damages, now],
        );
        // Refuses (rolling the subscription back) when the balance is short.
        await move(q, user.id, { balance: amount.neg(), type: RecordType.FUND_SUBSCRIBE, memo: `${fund.title} #${rows[0]?.id ?? ''}`, at: now });
      });
      return ok(null, requestText(request, 'server.fund_subscribed'));
    },
  );

  app.get<{ Querystring: { page?: number } }>('/api/fund/subList', { schema: { tags: TAGS, security: SESSION, querystring: pageQuery, response: replies(SUBSCRIPTIONS) } }, async (request) => {
    const user = await realSessionUser(ctx, request);
    const page = request.query.page ?? 1;
    const [rows, count] = await Promise.all([
      ctx.db.query<FundRow & { sid: string; status: number; share_amount: string; sub_time: string; day_profit: string; sum: string | null; days: string }>(
        `SELECT s.id AS sid, s.status, s.share_amount, s.sub_time, s.day_profit,
                (SELECT sum(interest) FROM fund_incomes i WHERE i.subscription_id = s.id)::text AS sum,
                (SELECT count(*) FROM fund_incomes i WHERE i.subscription_id = s.id)::text AS days, ${FUND_COLUMNS}
           FROM fund_subscriptions s JOIN funds f ON f.id = s.fund_id
          WHERE s.user_id = $1 ORDER BY s.id DESC LIMIT $2 OFFSET $3`,
        [user.id, FUNDS_PAGE_SIZE, (page - 1) * FUNDS_PAGE_SIZE],
      ),
      ctx.db.query<{ n: string }>('SELECT count(*)::text AS n FROM fund_subscriptions WHERE user_id = $1', [user.id]),
    ]);
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
      last_page: lastPage(Number(count[0]?.n ?? 0)),
    };
    return ok(data);
  });

  app.get<{ Querystring: { sub_id: number; page?: number } }>(
    '/api/fund/insList',
    { schema: { tags: TAGS, security: SESSION, querystring: query({ sub_id: int(1), page: int(1, 1_000_000) }, ['sub_id']), response: replies(INCOMES) } },
    async (request) => {
      const user = await realSessionUser(ctx, request);
      const page = request.query.page ?? 1;
      const owned = await ctx.db.query('SELECT id FROM fund_subscriptions WHERE id = $1 AND user_id = $2', [request.query.sub_id, user.id]);
      if (owned.length === 0) throw new ApiError('subscription_not_found');
      const [rows, count] = await Promise.all([
        ctx.db.query<{ id: string; interest: string; created_at: string }>(
          'SELECT id, interest, created_at FROM fund_incomes WHERE subscription_id = $1 ORDER BY day DESC LIMIT $2 OFFSET $3',
          [request.query.sub_id, FUNDS_PAGE_SIZE, (page - 1) * FUNDS_PAGE_SIZE],
        ),
        ctx.db.query<{ n: string }>('SELECT count(*)::text AS n FROM fund_incomes WHERE subscription_id = $1', [request.query.sub_id]),
      ]);
      const data: LastPaged<FundIncome> = {
        data: rows.map((r) => ({ id: Number(r.id), interest: fixed(r.interest, 4), created_at: wireTime(r.created_at) })),
        last_page: lastPage(Number(count[0]?.n ?? 0)),
      };
      return ok(data);
    },
  );

  app.get<{ Querystring: { sub_id: number } }>(
    '/api/fund/applyRefund',
    { schema: { tags: TAGS, security: SESSION, querystring: query({ sub_id: int(1) }, ['sub_id']), response: replies({ type: 'null' }) } },
    async (request) => {
      const user = await realSessionUser(ctx, request);
      const now = ctx.clock.now();
      await ctx.db.tx(async (q) => {
        const rows = await q.query<{ id: string; share_amount: string; penalty_percentage: string; status: number; title: string }>(
          `SELECT s.id, s.share_amount, s.penalty_percentage, s.status, f.title FROM fund_subscriptions s JOIN funds f ON f.id = s.fund_id
            WHERE s.id = $1 AND s.user_id = $2 FOR UPDATE OF s`,
          [request.query.sub_id, user.id],
        );
        const s = rows[0];
        if (!s) throw new ApiError('subscription_not_found');
        if (s.status !== SubscriptionStatus.DOING) throw new ApiError('subscription_not_doing');
        const penalty = redemptionPenalty(s.share_amount, s.penalty_percentage);
        await q.query('UPDATE fund_subscriptions SET status = $2, ended_at = $3 WHERE id = $1', [s.id, SubscriptionStatus.REFUNDED, now]);
        const memo = `${s.title} #${s.id}`;
        await move(q, user.id, { balance: s.share_amount, type: RecordType.FUND_REDEEM, memo, at: now });
        if (penalty.gt(0)) await move(q, user.id, { balance: penalty.neg(), type: RecordType.FUND_PENALTY, memo, at: now });
      });
      return ok(null, requestText(request, 'server.fund_redeemed'));
    },
  );
}
