// The account balance (SPEC §7 Funds: wallet/getBalance): available, frozen (lock_balance: margins + pending
// withdrawals, as the spec shows it) and margin (open orders only), so the app's equity and risk rate match the
// engine's stop-out rather than counting a withdrawal on its way out.
import type { FastifyInstance } from 'fastify';
import type { Balance } from '../../src/domain/types.ts';
import type { AppContext } from '../context.ts';
import { sessionUser } from '../auth/session.ts';
import { ok } from '../http/envelope.ts';
import { query } from '../http/schemas.ts';
import { getAccount, moneyText } from '../ledger/ledger.ts';

export async function walletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/v1/api/main/wallet/getBalance', { schema: { querystring: query() } }, async (request) => {
    const user = await sessionUser(ctx, request);
    const acc = await getAccount(ctx.db, user.id);
    const data: Balance = {
      balance: moneyText(acc?.balance ?? '0'),
      lock_balance: moneyText(acc?.lock_balance ?? '0'),
      margin: moneyText(ctx.engine.marginOf(user.id)),
    };
    return ok(data);
  });
}
