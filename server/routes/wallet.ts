// The account balance (SPEC §7 Funds: wallet/getBalance), needed by the user center; the rest of Funds comes later.
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
    };
    return ok(data);
  });
}
