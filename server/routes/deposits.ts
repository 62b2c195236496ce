// A charge waits for an operator (server/ops/commands/deposits.ts).
import type { FastifyInstance } from 'fastify';
import { COIN_AMOUNT, parseAmount, USD_AMOUNT, type AmountRule } from '../../domain/amount-input.ts';
import { exactText } from '../../domain/decimal.ts';
import { trimZeros } from '../../domain/decimal-text.ts';
import type { ChargeRecord } from '../../domain/wallet-types.ts';
import type { AppContext } from '../core/app-context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ApiError, fieldInvalid, ok } from '../http/envelope.ts';
import { requestText } from '../http/i18n.ts';
import { int, query, str, type JsonSchema } from '../http/schemas.ts';
import { wireTime } from '../../domain/wire-time.ts';
import { exactMoneyText } from '../../domain/format/money-text.ts';
import { ownedUpload } from '../uploads/store.ts';
import {
  banksOfCoin,
  enabledBank,
  enabledBankCoins,
  enabledNetwork,
  enabledNetworks,
  insertBankCharge,
  insertCoinCharge,
  userCharges,
  type ChargeRow,
} from '../wallet/deposits-repository.ts';
import { BANK_COINS, CHARGES, COIN_NETWORKS, DEPOSIT_BANKS } from '../http/wire/wallet.ts';
import { replies, sessionRead, sessionRoute, nothing } from '../http/wire-schema.ts';
import { budget } from '../security/budgets.ts';
import { listPage } from '../http/paging.ts';

const TAGS = ['Deposits'];

const CHARGES_PAGE_SIZE = 10;

const chargeSubmit = (querystring: JsonSchema) =>
  sessionRoute(TAGS, budget('write'), { querystring, response: replies(nothing) });

/** Checked in this order, so the trader corrects the amount before the proof. */
async function chargeFields(
  ctx: AppContext,
  userId: number,
  q: { number?: string | undefined; proofImg?: string | undefined },
  rule: AmountRule,
  requiredKey: string,
): Promise<{ userId: number; number: string; proof: string; at: number }> {
  const raw = q.number?.trim() ?? '';
  if (raw === '') throw new ApiError(requiredKey);
  const parsed = parseAmount(raw, rule);
  if (!parsed.ok) throw new ApiError(parsed.error, undefined, { places: rule.places, max: rule.max });
  const upload = await ownedUpload(ctx.db, userId, q.proofImg);
  if (!upload) throw new ApiError('proof_required');
  return { userId, number: exactText(parsed.value), proof: upload.id, at: ctx.clock.now() };
}

async function chosen<T>(
  id: number | undefined,
  find: (id: number) => Promise<T | null>,
  noneNamed: string,
  notFound = noneNamed,
): Promise<T> {
  if (id === undefined) throw new ApiError(noneNamed);
  const found = await find(id);
  if (!found) throw new ApiError(notFound);
  return found;
}

function toChargeRecord(r: ChargeRow): ChargeRecord {
  return {
    id: Number(r.id),
    number: trimZeros(r.number, 0),
    type: r.type === 1 ? 1 : 0,
    currency_code: r.currency_code,
    credited: r.credited === null ? '' : exactMoneyText(r.credited),
    status: r.status as ChargeRecord['status'],
    created_at: wireTime(r.created_at),
    remark: r.remark,
  };
}

export async function depositRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireSession(app, ctx, { real: true }); // docs/contract.md §6

  app.get('/api/quickCharge/info', sessionRead(TAGS, COIN_NETWORKS), async () => ok(await enabledNetworks(ctx.db)));

  app.get('/api/quickCharge/symbols', sessionRead(TAGS, BANK_COINS), async () => ok(await enabledBankCoins(ctx.db)));

  app.get<{ Querystring: { bank_coin: number } }>(
    '/api/quickCharge/wire_info',
    sessionRead(TAGS, DEPOSIT_BANKS, query({ bank_coin: int(1) }, ['bank_coin'])),
    async (request) => {
      const banks = await banksOfCoin(ctx.db, request.query.bank_coin);
      if (!banks) throw new ApiError('bank_not_found');
      return ok(banks);
    },
  );

  app.get<{ Querystring: { number?: string; proofImg?: string; address?: string; charge_id?: number } }>(
    '/api/quickCharge/submit',
    chargeSubmit(query({ number: str(40), proofImg: str(300), address: str(200), charge_id: int(1) })),
    async (request) => {
      const q = request.query;
      const network = await chosen(q.charge_id, (id) => enabledNetwork(ctx.db, id), 'network_not_found');
      // A stale screen must not file a charge to an old address.
      if ((q.address ?? '').trim() !== network.address) throw fieldInvalid('address');
      await insertCoinCharge(ctx.db, {
        ...(await chargeFields(ctx, caller(request).id, q, COIN_AMOUNT, 'coin_amount_required')),
        network,
      });
      return ok(null, requestText(request, 'server.charge_submitted'));
    },
  );

  app.get<{ Querystring: { number?: string; proofImg?: string; wire_id?: number } }>(
    '/api/quickCharge/wire_submit',
    chargeSubmit(query({ number: str(40), proofImg: str(300), wire_id: int(1) })),
    async (request) => {
      const q = request.query;
      // docs/contract.md §5: without a chosen bank account the screen shows the no-pay-way message; so does the server.
      const bank = await chosen(q.wire_id, (id) => enabledBank(ctx.db, id), 'no_pay_way', 'bank_not_found');
      await insertBankCharge(ctx.db, {
        ...(await chargeFields(ctx, caller(request).id, q, USD_AMOUNT, 'recharge_amount_required')),
        bank,
      });
      return ok(null, requestText(request, 'server.charge_submitted'));
    },
  );

  app.get<{ Querystring: { type: 0 | 1; page?: number } }>(
    '/api/quickCharge/quick_ist',
    sessionRead(TAGS, CHARGES, query({ type: int(0, 1), page: int(1, 1_000_000) }, ['type'])),
    async (request) =>
      ok(
        await listPage(
          request.query.page,
          CHARGES_PAGE_SIZE,
          (limit, offset) => userCharges(ctx.db, caller(request).id, request.query.type, limit, offset),
          toChargeRecord,
        ),
      ),
  );
}
