import { marginCallLevelText } from '../engine/margin-call-level.ts';
import type { FastifyInstance } from 'fastify';
import { fixed } from '../../domain/decimal.ts';
import { equity, riskRate } from '../../domain/trade-maths.ts';
import { exactMoneyText, moneyText } from '../../domain/format/money-text.ts';
import { wireTime } from '../../domain/wire-time.ts';
import { usd } from '../../domain/units.ts';
import type { AppContext } from '../core/app-context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { userRecords } from '../ledger/records-repository.ts';
import { ok } from '../http/envelope.ts';
import { pickLanguage } from '../http/i18n.ts';
import { int, query } from '../http/schemas.ts';
import { getAccount } from '../ledger/ledger.ts';
import { recordText } from '../ledger/record-types.ts';
import { FINANCIAL_RECORDS, FOREX_DETAIL } from '../http/wire/wallet.ts';
import type { FinancialRecord, ForexDetail } from '../../domain/wallet-types.ts';
import { sessionRead } from '../http/wire-schema.ts';
import { readPage } from '../http/paging.ts';

const TAGS = ['Funds'];

const RECORDS_PAGE_SIZE = 20;

export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx);
  app.get('/v1/api/main/account/forexDetail', sessionRead(TAGS, FOREX_DETAIL), async (request) => {
    const user = caller(request);
    const acc = await getAccount(ctx.db, user.id);
    // The risk figures use the open orders' margin, as the engine's stop-out does (docs/wallet.md).
    const figures = {
      balance: usd(acc?.balance ?? '0'),
      lockBalance: ctx.engine.marginOf(user.id),
      floating: ctx.engine.floatingOf(user.id),
    };
    const rate = riskRate(figures);
    const data: ForexDetail = {
      currency: 'USD',
      balance: exactMoneyText(figures.balance),
      lock_balance: exactMoneyText(acc?.lock_balance ?? '0'),
      margin: exactMoneyText(figures.lockBalance),
      floating: moneyText(figures.floating),
      equity: moneyText(equity(figures)),
      risk_rate: rate === null ? null : fixed(rate.times(100), 2),
      margin_call_level: await marginCallLevelText(ctx.db),
    };
    return ok(data);
  });

  app.get<{ Querystring: { page?: number } }>(
    '/v1/api/main/accountLog/forexChange',
    sessionRead(TAGS, FINANCIAL_RECORDS, query({ page: int(1, 1_000_000) })),
    async (request) => {
      const user = caller(request);
      const lang = pickLanguage(request.headers.lang);
      const { rows, total } = await readPage(request.query.page, RECORDS_PAGE_SIZE, (limit, offset) =>
        userRecords(ctx.db, user.id, limit, offset),
      );
      const list: FinancialRecord[] = rows.map((r) => {
        const type = Number(r.type);
        return {
          Id: Number(r.id),
          Value: exactMoneyText(r.value),
          Type: type,
          Memo: r.memo,
          MemoTran: recordText(lang, type, r.memo),
          CreatedAtTran: wireTime(Number(r.created_at)),
        };
      });
      return ok({ list, total });
    },
  );
}
