// An operator pays or rejects a request (server/ops/commands/withdrawals.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { requesterOf } from '../accounts/requester.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ok } from '../http/envelope.ts';
import { requestText } from '../http/i18n.ts';
import { body, int, query, str } from '../http/schemas.ts';
import { WITHDRAWALS, WITHDRAW_CURRENCIES } from '../http/wire/wallet.ts';
import { replies, sessionRead, sessionRoute, nothing } from '../http/wire-schema.ts';
import { budget } from '../security/budgets.ts';
import {
  requestWithdrawal,
  withdrawalPage,
  withdrawCurrencies,
  type WithdrawalForm,
} from '../wallet/withdrawal-flow.ts';

const TAGS = ['Withdrawals'];

const WITHDRAW_MEMO_MAX = 200;

export async function withdrawalRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx, { real: true }); // docs/contract.md §6

  app.get<{ Querystring: { type: 1 | 2 } }>(
    '/api/account/draw_symbol_list',
    sessionRead(TAGS, WITHDRAW_CURRENCIES, query({ type: int(1, 2) }, ['type'])),
    async (request) => ok(await withdrawCurrencies(ctx, request.query.type)),
  );

  app.post<{ Body: WithdrawalForm }>(
    '/api/account/draw',
    sessionRoute(TAGS, budget('write'), {
      body: body({
        draw_currency_id: int(1),
        number: str(40),
        memo: str(WITHDRAW_MEMO_MAX),
        draw_method_id: int(1),
        code: str(32), // the second factor's code, or the e-mail/SMS code of /api/security/withdraw_code
        key: str(64), // that sent code's key (none with a second factor)
      }),
      response: replies(nothing),
    }),
    async (request) => {
      await requestWithdrawal(ctx, caller(request), request.body, requesterOf(request));
      return ok(null, requestText(request, 'server.withdraw_submitted'));
    },
  );

  app.get<{ Querystring: { type: 1 | 2; page?: number } }>(
    '/api/account/draw_list',
    sessionRead(TAGS, WITHDRAWALS, query({ type: int(1, 2), page: int(1, 1_000_000) }, ['type'])),
    async (request) => {
      const texts = {
        status: (s: number) => requestText(request, `server.withdraw_status_${s}`),
        underReview: requestText(request, 'staff.withdraw_under_review'),
      };
      return ok(await withdrawalPage(ctx, caller(request).id, request.query.type, request.query.page, texts));
    },
  );
}
