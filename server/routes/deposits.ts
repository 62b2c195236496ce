// SPEC §7 deposits, all GET under /api/quickCharge/ (real accounts only, SPEC §6): info (crypto networks), symbols
// (bank currencies), wire_info (bank accounts of a currency), submit (a coin charge), wire_submit (a bank charge),
// quick_ist (the trader's charges by type, paged). A charge waits for an operator (server/ops/commands/deposits.ts).
// One session hook for the group; the SQL is server/wallet/deposits-repository.ts.
import type { FastifyInstance } from 'fastify';
import { COIN_AMOUNT, parseAmount, USD_AMOUNT, type AmountRule } from '../../src/domain/amount-input.ts';
import { exactText } from '../../src/domain/decimal.ts';
import { trimZeros } from '../../src/domain/decimal-text.ts';
import type { ChargeRecord, Paged } from '../../src/domain/wallet-types.ts';
import type { AppContext } from '../context.ts';
import { caller, requireSession } from '../auth/session-hook.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requestText } from '../http/i18n.ts';
import { int, query, str } from '../http/schemas.ts';
import { wireTime } from '../../src/domain/wire-time.ts';
import { exactMoneyText } from '../../src/domain/format/money.ts';
import { ownedUpload } from '../uploads/store.ts';
import { banksOfCoin, enabledBank, enabledBankCoins, enabledNetwork, enabledNetworks, insertBankCharge, insertCoinCharge, userCharges, type ChargeRow } from '../wallet/deposits-repository.ts';
import { BANK_COINS, CHARGES, COIN_NETWORKS, DEPOSIT_BANKS } from '../http/wire/money.ts';
import { replies, SESSION } from '../http/wire-schema.ts';

const TAGS = ['Deposits'];

export const CHARGES_PAGE_SIZE = 10;

/** The amount field of a charge: the SPEC §5 "please enter" text when empty, else the shared amount rule. */
function chargeAmount(raw: string | undefined, rule: AmountRule, requiredKey: string) {
  if (raw === undefined || raw.trim() === '') throw new ApiError(requiredKey);
  const parsed = parseAmount(raw.trim(), rule);
  if (!parsed.ok) throw new ApiError(parsed.error, undefined, { places: rule.places, max: rule.max });
  return parsed.value;
}

async function proofOf(ctx: AppContext, userId: number, url: string | undefined): Promise<string> {
  const upload = await ownedUpload(ctx.db, userId, url);
  if (!upload) throw new ApiError('proof_required');
  return upload.id;
}

export function toChargeRecord(r: ChargeRow): ChargeRecord {
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
  requireSession(app, ctx, { real: true }); // every route here: a real account's (SPEC §6), one check before each

  app.get('/api/quickCharge/info', { schema: { tags: TAGS, security: SESSION, querystring: query(), response: replies(COIN_NETWORKS) } }, async () =>
    ok(await enabledNetworks(ctx.db)),
  );

  app.get('/api/quickCharge/symbols', { schema: { tags: TAGS, security: SESSION, querystring: query(), response: replies(BANK_COINS) } }, async () =>
    ok(await enabledBankCoins(ctx.db)),
  );

  app.get<{ Querystring: { bank_coin: number } }>(
    '/api/quickCharge/wire_info',
    { schema: { tags: TAGS, security: SESSION, querystring: query({ bank_coin: int(1) }, ['bank_coin']), response: replies(DEPOSIT_BANKS) } },
    async (request) => {
      const banks = await banksOfCoin(ctx.db, request.query.bank_coin);
      if (!banks) throw new ApiError('bank_not_found');
      return ok(banks);
    },
  );

  app.get<{ Querystring: { number?: string; proofImg?: string; address?: string; charge_id?: number } }>(
    '/api/quickCharge/submit',
    { schema: { tags: TAGS, security: SESSION, querystring: query({ number: str(40), proofImg: str(300), address: str(200), charge_id: int(1) }), response: replies({ type: 'null' }) } },
    async (request) => {
      const user = caller(request);
      const q = request.query;
      if (q.charge_id === undefined) throw new ApiError('network_not_found');
      const network = await enabledNetwork(ctx.db, q.charge_id);
      if (!network) throw new ApiError('network_not_found');
      // The address the trader saw must be the network's: a stale screen must not file a charge to an old address.
      if ((q.address ?? '').trim() !== network.address) throw new ApiError('field_invalid', undefined, { field: 'address' });
      const number = chargeAmount(q.number, COIN_AMOUNT, 'coin_amount_required');
      const proof = await proofOf(ctx, user.id, q.proofImg);
      await insertCoinCharge(ctx.db, { userId: user.id, number: exactText(number), network, proof, at: ctx.clock.now() });
      return ok(null, requestText(request, 'server.charge_submitted'));
    },
  );

  app.get<{ Querystring: { number?: string; proofImg?: string; wire_id?: number } }>(
    '/api/quickCharge/wire_submit',
    { schema: { tags: TAGS, security: SESSION, querystring: query({ number: str(40), proofImg: str(300), wire_id: int(1) }), response: replies({ type: 'null' }) } },
    async (request) => {
      const user = caller(request);
      const q = request.query;
      // SPEC §5: without a chosen bank account the screen shows the no-pay-way message; so does the server.
      if (q.wire_id === undefined) throw new ApiError('no_pay_way');
      const bank = await enabledBank(ctx.db, q.wire_id);
      if (!bank) throw new ApiError('bank_not_found');
      const number = chargeAmount(q.number, USD_AMOUNT, 'recharge_amount_required');
      const proof = await proofOf(ctx, user.id, q.proofImg);
      await insertBankCharge(ctx.db, { userId: user.id, number: exactText(number), bank, proof, at: ctx.clock.now() });
      return ok(null, requestText(request, 'server.charge_submitted'));
    },
  );

  app.get<{ Querystring: { type: 0 | 1; page?: number } }>(
    '/api/quickCharge/quick_ist',
    { schema: { tags: TAGS, security: SESSION, querystring: query({ type: int(0, 1), page: int(1, 1_000_000) }, ['type']), response: replies(CHARGES) } },
    async (request) => {
      const page = request.query.page ?? 1;
      const { rows, total } = await userCharges(ctx.db, caller(request).id, request.query.type, CHARGES_PAGE_SIZE, (page - 1) * CHARGES_PAGE_SIZE);
      const data: Paged<ChargeRecord> = { data: rows.map(toChargeRecord), total };
      return ok(data);
    },
  );
}
