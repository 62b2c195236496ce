// docs/contract.md §7 withdrawals (real accounts only, docs/contract.md §6): draw_symbol_list (what one can withdraw in), draw (a request:
// its USD amount moves from balance to lock_balance in one transaction with its ledger record), draw_list (paged).
// An operator pays or rejects a request (server/ops/commands/withdrawals.ts). One session hook for the group; the SQL
// is server/wallet/withdrawals-repository.ts.
import type { FastifyInstance } from 'fastify';
import { parseAmount, USD_AMOUNT } from '../../domain/amount-input.ts';
import { exactText, fixed } from '../../domain/decimal.ts';
import { trimZeros } from '../../domain/decimal-text.ts';
import type { WithdrawCurrency, WithdrawRecord } from '../../domain/wallet-types.ts';
import { withdrawFee, withdrawReceive } from '../../domain/withdraw-fee.ts';
import type { AppContext } from '../context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { pickLanguage, requestText } from '../http/i18n.ts';
import { body, int, query, str } from '../http/schemas.ts';
import { wireTime } from '../../domain/wire-time.ts';
import { move } from '../ledger/ledger.ts';
import { exactMoneyText } from '../../domain/format/money-text.ts';
import { RecordType } from '../ledger/record-types.ts';
import { currencyById } from '../wallet/currencies.ts';
import {
  enabledCurrencies,
  insertWithdrawal,
  payoutTarget,
  userWithdrawals,
  type WithdrawalRow,
} from '../wallet/withdrawals-repository.ts';
import { WITHDRAWALS, WITHDRAW_CURRENCIES } from '../http/wire/wallet.ts';
import { replies, SESSION } from '../http/wire-schema.ts';
import { budget } from '../security/budgets.ts';
import { listPage } from '../http/paging.ts';
import { consumeCode, PURPOSE_WITHDRAW, verifyCode } from '../accounts/verification.ts';
import { passFactor } from '../auth/factor-gate.ts';
import { notifyAccount } from '../notify/account-notices.ts';
import { withdrawalsHeldUntil } from '../wallet/payout-holds.ts';
import { codeAddress } from './security.ts';

/** A moment as the refusals name it: "2026-01-07 12:00 UTC". */
const untilText = (ms: number): string => `${wireTime(ms).slice(0, 16)} UTC`;

const TAGS = ['Withdrawals'];

export const WITHDRAWALS_PAGE_SIZE = 10;
export const WITHDRAW_MEMO_MAX = 200;

function toRecord(r: WithdrawalRow, statusName: (status: number) => string, underReview: string): WithdrawRecord {
  const status = r.status as WithdrawRecord['status'];
  return {
    id: Number(r.id),
    number: exactMoneyText(r.number),
    real_number: trimZeros(r.real_number, 2),
    draw_currency: { code: r.code, protocol: r.protocol },
    fee: exactMoneyText(r.fee),
    status,
    // Waiting for a second finance approval reads "Under review" until it comes (docs/back-office.md "Four eyes").
    status_name: r.under_review && status === 0 ? underReview : statusName(status),
    created_at: wireTime(r.created_at),
    type: r.type === 1 ? 1 : 2,
    address: r.address,
    payee_account: r.payee_account,
    // The operator's reason replaces the trader's memo once a request is rejected: that is what they need to read.
    notes: r.status === 2 && r.remark ? r.remark : r.memo,
  };
}

export async function withdrawalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx, { real: true }); // every route here: a real account's (docs/contract.md §6), one check before each

  app.get<{ Querystring: { type: 1 | 2 } }>(
    '/api/account/draw_symbol_list',
    {
      schema: {
        tags: TAGS,
        security: SESSION,
        querystring: query({ type: int(1, 2) }, ['type']),
        response: replies(WITHDRAW_CURRENCIES),
      },
    },
    async (request) => {
      const rows = await enabledCurrencies(ctx.db, request.query.type);
      const data: WithdrawCurrency[] = rows.map((r) => ({
        ...r,
        draw_rate: trimZeros(r.draw_rate, 0),
        usd_price: trimZeros(r.usd_price, 0),
      }));
      return ok(data);
    },
  );

  app.post<{
    Body: {
      draw_currency_id?: number;
      number?: string;
      memo?: string;
      draw_method_id?: number;
      code?: string;
      key?: string;
    };
  }>(
    '/api/account/draw',
    {
      config: { budget: budget('write') },
      schema: {
        tags: TAGS,
        security: SESSION,
        body: body({
          draw_currency_id: int(1),
          number: str(40),
          memo: str(WITHDRAW_MEMO_MAX),
          draw_method_id: int(1),
          code: str(32), // the second factor's code, or the e-mail/SMS code of /api/security/withdraw_code
          key: str(64), // that sent code's key (none with a second factor)
        }),
        response: replies({ type: 'null' }),
      },
    },
    async (request) => {
      const user = caller(request);
      const b = request.body;
      const currency = b.draw_currency_id === undefined ? null : await currencyById(ctx.db, b.draw_currency_id);
      if (!currency) throw new ApiError('currency_not_found');
      // docs/contract.md §5: no saved address or account → set one up first.
      if (b.draw_method_id === undefined) throw new ApiError('collection_account_required');
      const method = await payoutTarget(ctx.db, b.draw_method_id, user.id, currency.id);
      if (!method) throw new ApiError('method_not_found');
      const parsed = parseAmount((b.number ?? '').trim(), USD_AMOUNT);
      if (!parsed.ok) throw new ApiError(parsed.error, undefined, { places: USD_AMOUNT.places, max: USD_AMOUNT.max });
      const amount = parsed.value;
      const fee = withdrawFee(amount, currency);
      const receive = withdrawReceive(amount, currency);
      if (receive.lte(0)) throw new ApiError('amount_below_fee', undefined, { fee: fixed(fee, 2) });
      const now = ctx.clock.now();
      // Payout holds (docs/security.md "Payout holds"), before any code is spent.
      const usableFrom = Number(method.usable_from);
      if (usableFrom > now) throw new ApiError('method_held', undefined, { until: untilText(usableFrom) });
      const heldUntil = await withdrawalsHeldUntil(ctx.db, user.id);
      if (heldUntil > now) throw new ApiError('withdrawals_held', undefined, { until: untilText(heldUntil) });
      // Confirmed by the second factor when it is on, else by the code sent to the account (withdraw_code).
      let codeId: number | null = null;
      if (!(await passFactor(ctx, user.id, b.code, request.ip))) {
        if (!(b.code ?? '').trim()) throw new ApiError('withdraw_code_required');
        const to = await codeAddress(ctx, user);
        const target = { channel: to.channel, target: to.target, purpose: PURPOSE_WITHDRAW } as const;
        codeId = await verifyCode(ctx, target, b.key, b.code ?? '', now, user.id);
      }
      await ctx.db.tx(async (q) => {
        if (codeId !== null) await consumeCode(q, codeId, now);
        const id = await insertWithdrawal(q, {
          userId: user.id,
          currency,
          amount: exactText(amount),
          fee: exactText(fee),
          receive: exactText(receive),
          target: method,
          memo: (b.memo ?? '').trim(),
          at: now,
        });
        // Refuses (and rolls the insert back) when the available balance is short.
        await move(q, user.id, {
          balance: amount.neg(),
          lock: amount,
          type: RecordType.WITHDRAW_FROZEN,
          memo: `#${id} ${currency.code}`,
          at: now,
        });
      });
      const to = method.dc_address || `****${method.payee_account.slice(-4)}`;
      await notifyAccount(
        { db: ctx.db, notifier: ctx.notifier, log: request.log },
        user.id,
        'withdrawal_requested',
        { amount: exactText(amount), currency: 'USD', address: to },
        pickLanguage(request.headers.lang),
      );
      return ok(null, requestText(request, 'server.withdraw_submitted'));
    },
  );

  app.get<{ Querystring: { type: 1 | 2; page?: number } }>(
    '/api/account/draw_list',
    {
      schema: {
        tags: TAGS,
        security: SESSION,
        querystring: query({ type: int(1, 2), page: int(1, 1_000_000) }, ['type']),
        response: replies(WITHDRAWALS),
      },
    },
    async (request) => {
      const statusName = (s: number) => requestText(request, `server.withdraw_status_${s}`);
      const read = (limit: number, offset: number) =>
        userWithdrawals(ctx.db, caller(request).id, request.query.type, limit, offset);
      return ok(
        await listPage(request.query.page, WITHDRAWALS_PAGE_SIZE, read, (r) =>
          toRecord(r, statusName, requestText(request, 'staff.withdraw_under_review')),
        ),
      );
    },
  );
}
