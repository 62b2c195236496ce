// SPEC §7 deposits, all GET under /api/quickCharge/ (real accounts only, SPEC §6): info (crypto networks), symbols
// (bank currencies), wire_info (bank accounts of a currency), submit (a coin charge), wire_submit (a bank charge),
// quick_ist (the trader's charges by type, paged). A charge waits for an operator (server/ops/commands/deposits.ts).
import type { FastifyInstance } from 'fastify';
import { COIN_AMOUNT, parseAmount, USD_AMOUNT, type AmountRule } from '../../src/domain/amount-input.ts';
import { exactText } from '../../src/domain/decimal.ts';
import { trimZeros } from '../../src/domain/decimal-text.ts';
import type { BankCoin, ChargeRecord, CoinNetwork, DepositBank, Paged } from '../../src/domain/wallet-types.ts';
import type { AppContext } from '../context.ts';
import { realSessionUser } from '../auth/session.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requestText } from '../http/i18n.ts';
import { int, query, str } from '../http/schemas.ts';
import { wireTime } from '../../src/domain/wire-time.ts';
import { exactMoneyText } from '../../src/domain/money-text.ts';
import { ownedUpload } from '../uploads/store.ts';
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

interface ChargeRow {
  id: string;
  number: string;
  type: number;
  currency_code: string;
  status: number;
  credited: string | null;
  remark: string;
  created_at: string;
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
  app.get('/api/quickCharge/info', { schema: { tags: TAGS, security: SESSION, querystring: query(), response: replies(COIN_NETWORKS) } }, async (request) => {
    await realSessionUser(ctx, request);
    const rows = await ctx.db.query<CoinNetwork>(
      'SELECT id, currency_code, protocol_code, address FROM deposit_networks WHERE enabled = 1 ORDER BY sort, id',
    );
    return ok(rows);
  });

  app.get('/api/quickCharge/symbols', { schema: { tags: TAGS, security: SESSION, querystring: query(), response: replies(BANK_COINS) } }, async (request) => {
    await realSessionUser(ctx, request);
    const rows = await ctx.db.query<BankCoin>('SELECT id, name FROM deposit_bank_coins WHERE enabled = 1 ORDER BY sort, id');
    return ok(rows);
  });

  app.get<{ Querystring: { bank_coin: number } }>(
    '/api/quickCharge/wire_info',
    { schema: { tags: TAGS, security: SESSION, querystring: query({ bank_coin: int(1) }, ['bank_coin']), response: replies(DEPOSIT_BANKS) } },
    async (request) => {
      await realSessionUser(ctx, request);
      const coin = await ctx.db.query('SELECT id FROM deposit_bank_coins WHERE id = $1 AND enabled = 1', [request.query.bank_coin]);
      if (coin.length === 0) throw new ApiError('bank_not_found');
      const rows = await ctx.db.query<DepositBank>(
        `SELECT id, bank_name, bank_address, bank_swift, payee_name, payee_account, bank_remark
           FROM deposit_banks WHERE bank_coin_id = $1 AND enabled = 1 ORDER BY id`,
        [request.query.bank_coin],
      );
      return ok(rows);
    },
  );

  app.get<{ Querystring: { number?: string; proofImg?: string; address?: string; charge_id?: number } }>(
    '/api/quickCharge/submit',
    { schema: { tags: TAGS, security: SESSION, querystring: query({ number: str(40), proofImg: str(300), address: str(200), charge_id: int(1) }), response: replies({ type: 'null' }) } },
    async (request) => {
      const user = await realSessionUser(ctx, request);
      const q = request.query;
      if (q.charge_id === undefined) throw new ApiError('network_not_found');
      const networks = await ctx.db.query<{ id: number; currency_code: string; address: string; usd_price: string }>(
        'SELECT id, currency_code, address, usd_price FROM deposit_networks WHERE id = $1 AND enabled = 1',
        [q.charge_id],
      );
      const network = networks[0];
      if (!network) throw new ApiError('network_not_found');
      // The address the trader saw must be the network's: a stale screen must not file a charge to an old address.
      if ((q.address ?? '').trim() !== network.address) throw new ApiError('field_invalid', undefined, { field: 'address' });
      const number = chargeAmount(q.number, COIN_AMOUNT, 'coin_amount_required');
      const proof = await proofOf(ctx, user.id, q.proofImg);
      await ctx.db.query(
        `INSERT INTO charges (user_id, type, number, currency_code, usd_price, network_id, address, proof_upload, created_at)
         VALUES ($1, 0, $2, $3, $4, $5, $6, $7, $8)`,
        [user.id, exactText(number), network.currency_code, network.usd_price, network.id, network.address, proof, ctx.clock.now()],
      );
      return ok(null, requestText(request, 'server.charge_submitted'));
    },
  );

  app.get<{ Querystring: { number?: string; proofImg?: string; wire_id?: number } }>(
    '/api/quickCharge/wire_submit',
    { schema: { tags: TAGS, security: SESSION, querystring: query({ number: str(40), proofImg: str(300), wire_id: int(1) }), response: replies({ type: 'null' }) } },
    async (request) => {
      const user = await realSessionUser(ctx, request);
      const q = request.query;
      // SPEC §5: without a chosen bank account the screen shows the no-pay-way message; so does the server.
      if (q.wire_id === undefined) throw new ApiError('no_pay_way');
      const banks = await ctx.db.query<{ id: number; name: string; usd_price: string }>(
        `SELECT b.id, c.name, c.usd_price FROM deposit_banks b JOIN deposit_bank_coins c ON c.id = b.bank_coin_id
          WHERE b.id = $1 AND b.enabled = 1 AND c.enabled = 1`,
        [q.wire_id],
      );
      const bank = banks[0];
      if (!bank) throw new ApiError('bank_not_found');
      const number = chargeAmount(q.number, USD_AMOUNT, 'recharge_amount_required');
      const proof = await proofOf(ctx, user.id, q.proofImg);
      await ctx.db.query(
        `INSERT INTO charges (user_id, type, number, currency_code, usd_price, bank_id, proof_upload, created_at)
         VALUES ($1, 1, $2, $3, $4, $5, $6, $7)`,
        [user.id, exactText(number), bank.name, bank.usd_price, bank.id, proof, ctx.clock.now()],
      );
      return ok(null, requestText(request, 'server.charge_submitted'));
    },
  );

  app.get<{ Querystring: { type: 0 | 1; page?: number } }>(
    '/api/quickCharge/quick_ist',
    { schema: { tags: TAGS, security: SESSION, querystring: query({ type: int(0, 1), page: int(1, 1_000_000) }, ['type']), response: replies(CHARGES) } },
    async (request) => {
      const user = await realSessionUser(ctx, request);
      const page = request.query.page ?? 1;
      const [rows, count] = await Promise.all([
        ctx.db.query<ChargeRow>(
          `SELECT id, number, type, currency_code, status, credited, remark, created_at FROM charges
            WHERE user_id = $1 AND type = $2 ORDER BY id DESC LIMIT $3 OFFSET $4`,
          [user.id, request.query.type, CHARGES_PAGE_SIZE, (page - 1) * CHARGES_PAGE_SIZE],
        ),
        ctx.db.query<{ n: string }>('SELECT count(*)::text AS n FROM charges WHERE user_id = $1 AND type = $2', [user.id, request.query.type]),
      ]);
      const data: Paged<ChargeRecord> = { data: rows.map(toChargeRecord), total: Number(count[0]?.n ?? 0) };
      return ok(data);
    },
  );
}
