// Someone else's method id answers like a missing one (docs/contract.md §7).
import type { FastifyInstance } from 'fastify';
import { isValidPayoutAddress } from '../../domain/payout-address.ts';
import type { BankField, WithdrawMethod } from '../../domain/wallet-types.ts';
import type { AppContext } from '../core/app-context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { lockUser } from '../auth/users.ts';
import { ApiError, fieldInvalid, ok } from '../http/envelope.ts';
import { pickLanguage, requestText } from '../http/i18n.ts';
import { passFactor } from '../auth/factor-gate.ts';
import { notifyAccount } from '../notify/account-notices.ts';
import { heldNow, methodUsableFrom, withdrawalsHeldUntil } from '../wallet/payout-holds.ts';
import { body, int, query, str } from '../http/schemas.ts';
import { currencyById } from '../wallet/currencies.ts';
import {
  deleteMethod,
  insertMethod,
  methodKeys,
  userMethods,
  type MethodFields,
  type MethodRow,
} from '../wallet/payout-methods-repository.ts';
import { WITHDRAW_METHODS } from '../http/wire/wallet.ts';
import { replies, sessionRead, sessionRoute, nothing, sessionWrite } from '../http/wire-schema.ts';
import { budget } from '../security/budgets.ts';

const TAGS = ['Withdrawals'];

const METHODS_PER_USER = 20;
const SWIFT_RE = /^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/;

type BindBody = { draw_id?: number; type?: 1 | 2; dc_address?: string; code?: string } & Partial<
  Record<BankField, string>
>;

/** The server's clock, never the browser's: SIM_TIME moves only the server's (docs/security.md "Payout holds"). */
const toMethod = (r: MethodRow, now: number, accountHeldUntil: number): WithdrawMethod => ({
  id: r.id,
  type: r.type === 1 ? 1 : 2,
  dc_address: r.dc_address,
  bank_name: r.bank_name,
  bank_address: r.bank_address,
  bank_swift: r.bank_swift,
  branch_name: r.branch_name,
  payee_name: r.payee_name,
  payee_account: r.payee_account,
  remark: r.remark,
  draw_currency: { id: r.currency_id, code: r.code, protocol: r.protocol },
  usable_from: Number(r.usable_from),
  held_until: heldNow(Math.max(Number(r.usable_from), accountHeldUntil), now),
});

/** docs/contract.md §3's five are required, branch and remark optional. */
function bankFields(b: BindBody): Record<BankField, string> {
  const f = (k: BankField) => (b[k] ?? '').trim();
  const fields = {
    bank_name: f('bank_name'),
    bank_address: f('bank_address'),
    bank_swift: f('bank_swift').toUpperCase(),
    payee_name: f('payee_name'),
    payee_account: f('payee_account').replace(/\s+/g, ''),
    branch_name: f('branch_name'),
    remark: f('remark'),
  };
  if (!fields.bank_name || !fields.bank_address || !fields.bank_swift || !fields.payee_name || !fields.payee_account) {
    throw new ApiError('please_complete');
  }
  if (!SWIFT_RE.test(fields.bank_swift)) throw fieldInvalid('bank_swift');
  if (!/^[A-Za-z0-9-]{4,40}$/.test(fields.payee_account)) throw fieldInvalid('payee_account');
  return fields;
}

export async function payoutMethodRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx, { real: true }); // docs/contract.md §6

  app.get<{ Querystring: { draw_type: 1 | 2; draw_id?: number } }>(
    '/api/wallet/get_draw_method',
    sessionRead(TAGS, WITHDRAW_METHODS, query({ draw_type: int(1, 2), draw_id: int(1) }, ['draw_type'])),
    async (request) => {
      const userId = caller(request).id;
      const rows = await userMethods(ctx.db, userId, request.query.draw_type, request.query.draw_id ?? null);
      const account = await withdrawalsHeldUntil(ctx.db, userId);
      const now = ctx.clock.now();
      return ok(rows.map((r) => toMethod(r, now, account)));
    },
  );

  const fieldSchema = { type: 'string', maxLength: 200 };
  app.post<{ Body: BindBody }>(
    '/api/wallet/bind_draw_method',
    sessionRoute(TAGS, budget('write'), {
      body: body(
        {
          draw_id: int(1),
          type: int(1, 2),
          dc_address: str(200),
          bank_name: fieldSchema,
          bank_address: fieldSchema,
          bank_swift: str(20),
          payee_name: fieldSchema,
          payee_account: str(60),
          branch_name: fieldSchema,
          remark: fieldSchema,
          code: str(32), // docs/security.md "Second factor"
        },
        ['type'],
      ),
      response: replies(nothing),
    }),
    async (request) => {
      const user = caller(request);
      const b = request.body;
      const currency = b.draw_id === undefined ? null : await currencyById(ctx.db, b.draw_id);
      if (!currency || currency.type !== b.type) throw new ApiError('currency_not_found');
      let fields: MethodFields;
      if (b.type === 1) {
        const address = (b.dc_address ?? '').trim();
        if (!address) throw new ApiError('address_enter', undefined, { protocol: currency.protocol });
        if (!isValidPayoutAddress(currency.protocol, address)) {
          throw new ApiError('address_invalid', undefined, { protocol: currency.protocol });
        }
        fields = { dc_address: address };
      } else {
        fields = bankFields(b);
      }
      const now = ctx.clock.now();
      await passFactor(ctx, user.id, b.code, request.ip);
      // A stolen session cannot add a method and withdraw to it at once (docs/security.md "Payout holds").
      const usableFrom = await methodUsableFrom(ctx.db, now);
      await ctx.db.tx(async (q) => {
        await lockUser(q, user.id); // one bind at a time per user
        const existing = await methodKeys(q, user.id);
        if (existing.length >= METHODS_PER_USER)
          throw new ApiError('method_limit', undefined, { max: METHODS_PER_USER });
        const same = existing.some(
          (m) =>
            m.currency_id === currency.id &&
            (b.type === 1 ? m.dc_address === fields.dc_address : m.payee_account === fields.payee_account),
        );
        if (same) throw new ApiError('method_exists');
        await insertMethod(q, {
          userId: user.id,
          type: currency.type,
          currencyId: currency.id,
          fields,
          at: now,
          usableFrom,
        });
      });
      const name = currency.protocol ? `${currency.code}-${currency.protocol}` : currency.code;
      const last = fields.dc_address ?? `****${(fields.payee_account ?? '').slice(-4)}`;
      await notifyAccount(
        { db: ctx.db, notifier: ctx.notifier, log: request.log },
        user.id,
        'payout_method_added',
        { method: `${name} ${last}`, usable_from: new Date(usableFrom).toISOString() },
        pickLanguage(request.headers.lang),
      );
      return ok(null, requestText(request, 'server.method_bound'));
    },
  );

  app.post<{ Body: { id: number; code?: string } }>(
    '/api/wallet/del_draw_method',
    sessionWrite(TAGS, nothing, body({ id: int(1), code: str(32) }, ['id'])),
    async (request) => {
      await passFactor(ctx, caller(request).id, request.body.code, request.ip);
      if (!(await deleteMethod(ctx.db, request.body.id, caller(request).id))) throw new ApiError('method_not_found');
      return ok(null, requestText(request, 'server.method_deleted'));
    },
  );
}
