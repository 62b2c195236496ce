// Margin counts open orders only, so the app's risk rate matches the engine's stop-out, not a pending withdrawal.
import type { FastifyInstance } from 'fastify';
import type { Balance } from '../../domain/types.ts';
import type { AppContext } from '../core/app-context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ok } from '../http/envelope.ts';
import { sumOpenMargins } from '../engine/orders-repository.ts';
import { getAccount } from '../ledger/ledger.ts';
import { exactMoneyText } from '../../domain/format/money-text.ts';
import { BALANCE } from '../http/wire/wallet.ts';
import { sessionRead } from '../http/wire-schema.ts';

const TAGS = ['Funds'];

export async function walletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx);
  app.get('/v1/api/main/wallet/getBalance', sessionRead(TAGS, BALANCE), async (request) => {
    const user = caller(request);
    // Read from the database, not the engine's index, which learns of a demo reset's deleted orders only later.
    const [acc, margin] = await Promise.all([getAccount(ctx.db, user.id), sumOpenMargins(ctx.db, user.id)]);
    const data: Balance = {
      balance: exactMoneyText(acc?.balance ?? '0'),
      lock_balance: exactMoneyText(acc?.lock_balance ?? '0'),
      margin: exactMoneyText(margin),
    };
    return ok(data);
  });
}
