// A random sequence of money actions — deposits and their review, withdrawals and their review, payout methods,
// trades opened and closed — by a few traders, on the real server (PGlite or PostgreSQL per TEST_DB). After every
// step the ledger must add up: Σ records = balance, lock = open margins + pending withdrawals, nothing negative.
// fast-check drives the sequence (seeded, so a failure replays), and shrinks a failing one to its shortest form.
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dec } from '../../../domain/decimal.ts';
import type { Balance, Order, OrderList } from '../../../domain/types.ts';
import type {
  ChargeRecord,
  CoinNetwork,
  WithdrawCurrency,
  WithdrawMethod,
  WithdrawRecord,
} from '../../../domain/wallet-types.ts';
import type { Paged } from '../../../domain/content-types.ts';
import { DEPOSIT_COMMANDS } from '../../../server/ops/commands/deposits.ts';
import { WITHDRAW_COMMANDS } from '../../../server/ops/commands/withdrawals.ts';
import {
  manualClock,
  registerAndLogin,
  startTestServer,
  type RegisteredUser,
  type TestServer,
  TEST_OPERATOR,
} from '../support/harness.ts';
import { noPayoutHold, withdrawCode } from '../support/withdraw-code.ts';
import { ledgerHolds } from '../support/ledger-invariant.ts';

const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const EURUSD = 1;
const clock = manualClock();
let server: TestServer;
let traders: RegisteredUser[] = [];
let network: CoinNetwork;
let currency: WithdrawCurrency;
const proofs = new Map<number, string>();

const run = (list: typeof DEPOSIT_COMMANDS, name: string, args: Record<string, string>) => {
  const cmd = list.find((c) => c.name === name);
  if (!cmd) throw new Error(name);
  return cmd.run(server.ctx, args, TEST_OPERATOR).catch(() => undefined); // refusals are part of the game: they must change nothing
};

/** lock_balance = margins of holding and pending orders + pending withdrawals, per user. */
async function locksHold(): Promise<boolean> {
  const rows = await server.ctx.db.query<{ user_id: number }>(
    `SELECT a.user_id FROM accounts a
       LEFT JOIN (SELECT user_id, sum(caution_money) AS m FROM orders WHERE status IN (0, 1) GROUP BY user_id) o ON o.user_id = a.user_id
       LEFT JOIN (SELECT user_id, sum(number) AS w FROM withdrawals WHERE status = 0 GROUP BY user_id) w ON w.user_id = a.user_id
      WHERE a.lock_balance <> coalesce(o.m, 0) + coalesce(w.w, 0)`,
  );
  return rows.length === 0;
}

/** getBalance's margin is each trader's open margins, without their pending withdrawals (what equity counts). */
async function marginsAnswered(): Promise<void> {
  for (const u of traders) {
    const b = (await u.client.get<Balance>('/v1/api/main/wallet/getBalance')).data;
    const [row] = await server.ctx.db.query<{ m: string }>(
      'SELECT coalesce(sum(caution_money), 0)::text AS m FROM orders WHERE user_id = $1 AND status IN (0, 1)',
      [u.user.id],
    );
    expect(dec(b.margin ?? 'NaN').eq(row?.m ?? 'NaN'), `${b.margin} vs ${row?.m}`).toBe(true);
  }
}

type Step =
  | { kind: 'deposit'; who: number; amount: string }
  | { kind: 'review-charge'; pick: number; verdict: 'approve' | 'reject' | 'invalid' }
  | { kind: 'withdraw'; who: number; amount: string }
  | { kind: 'review-withdrawal'; pick: number; verdict: 'paid' | 'reject' }
  | { kind: 'open'; who: number; lots: string }
  | { kind: 'close'; who: number; pick: number }
  | { kind: 'price'; price: string };

const who = fc.integer({ min: 0, max: 2 });
const amount = fc.integer({ min: 1, max: 300_000 }).map((c) => (c / 100).toFixed(2));
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), who, amount }),
  fc.record({
    kind: fc.constant('review-charge' as const),
    pick: fc.nat(20),
    verdict: fc.constantFrom('approve' as const, 'reject' as const, 'invalid' as const),
  }),
  fc.record({ kind: fc.constant('withdraw' as const), who, amount }),
  fc.record({
    kind: fc.constant('review-withdrawal' as const),
    pick: fc.nat(20),
    verdict: fc.constantFrom('paid' as const, 'reject' as const),
  }),
  fc.record({ kind: fc.constant('open' as const), who, lots: fc.constantFrom('0.01', '0.1', '0.5') }),
  fc.record({ kind: fc.constant('close' as const), who, pick: fc.nat(5) }),
  fc.record({
    kind: fc.constant('price' as const),
    price: fc.integer({ min: 107_000, max: 110_000 }).map((p) => (p / 100_000).toFixed(5)),
  }),
);

async function apply(s: Step): Promise<void> {
  switch (s.kind) {
    case 'deposit': {
      const u = traders[s.who] as RegisteredUser;
      await u.client.get('/api/quickCharge/submit', {
        number: s.amount,
        proofImg: proofs.get(s.who) ?? '',
        address: network.address,
        charge_id: network.id,
      });
      return;
    }
    case 'review-charge': {
      const rows = await server.ctx.db.query<{ id: string }>('SELECT id FROM charges WHERE status = 0 ORDER BY id');
      const row = rows[s.pick % Math.max(1, rows.length)];
      if (!row) return;
      const name =
        s.verdict === 'approve' ? 'charge-approve' : s.verdict === 'reject' ? 'charge-reject' : 'charge-invalid';
      await run(DEPOSIT_COMMANDS, name, { id: row.id, reason: 'random review' });
      return;
    }
    case 'withdraw': {
      const u = traders[s.who] as RegisteredUser;
      const [method] = (await u.client.get<WithdrawMethod[]>('/api/wallet/get_draw_method', { draw_type: 1 })).data;
      await u.client.post('/api/account/draw', {
        ...(await withdrawCode(server.ctx, u.account)),
        draw_currency_id: currency.id,
        number: s.amount,
        draw_method_id: method?.id ?? 0,
      });
      return;
    }
    case 'review-withdrawal': {
      const rows = await server.ctx.db.query<{ id: string }>('SELECT id FROM withdrawals WHERE status = 0 ORDER BY id');
      const row = rows[s.pick % Math.max(1, rows.length)];
      if (!row) return;
      await run(WITHDRAW_COMMANDS, s.verdict === 'paid' ? 'withdraw-paid' : 'withdraw-reject', {
        id: row.id,
        reason: 'random review',
      });
      return;
    }
    case 'open': {
      const u = traders[s.who] as RegisteredUser;
      await u.client.get<Order>('/v1/api/forex/submit', {
        type: 1,
        cont: s.lots,
        forex_id: EURUSD,
        status: 1,
        multiple: 100,
      });
      await server.ctx.engine.idle();
      return;
    }
    case 'close': {
      const u = traders[s.who] as RegisteredUser;
      const held = (await u.client.get<OrderList>('/v1/api/forex/my_deal', { status: 1, page: 1 })).data.data;
      const order = held[s.pick % Math.max(1, held.length)];
      if (order) await u.client.get('/v1/api/forex/close', { id: order.Id });
      await server.ctx.engine.idle();
      return;
    }
    case 'price': {
      (server.ctx.market as unknown as { setPrice(code: string, p: string): void }).setPrice('EURUSD', s.price);
      await server.ctx.engine.idle();
      return;
    }
  }
}

beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true } });
  await noPayoutHold(server.ctx); // the holds and the code have their own tests (account-security.test.ts)
  (server.ctx.market as unknown as { setPrice(code: string, p: string): void }).setPrice('EURUSD', '1.08500');
  await server.ctx.engine.idle();
  traders = [
    await registerAndLogin(server, { clock }),
    await registerAndLogin(server, { clock }),
    await registerAndLogin(server, { clock }),
  ];
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#777' } })
    .png()
    .toBuffer();
  for (const [i, u] of traders.entries()) {
    proofs.set(
      i,
      (await u.client.upload<{ url: string }>('/api/common/image_upload', { file: new Blob([new Uint8Array(png)]) }))
        .data.url,
    );
    await u.client.post('/api/wallet/bind_draw_method', { type: 1, draw_id: 1, dc_address: TRON });
  }
  const networks = (await traders[0]?.client.get<CoinNetwork[]>('/api/quickCharge/info'))?.data;
  const currencies = (await traders[0]?.client.get<WithdrawCurrency[]>('/api/account/draw_symbol_list', { type: 1 }))
    ?.data;
  if (!networks?.[0] || !currencies?.[0]) throw new Error('no deposit network or withdraw currency seeded');
  network = networks[0];
  currency = currencies[0];
});
afterAll(() => server.close());

describe('any sequence of money actions', () => {
  it('keeps the ledger and the locks exact after every step', async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 25 }), async (sequence) => {
        for (const s of sequence) {
          await apply(s);
          steps += 1;
          expect(await ledgerHolds(server.ctx), JSON.stringify(s)).toBe(true);
          expect(await locksHold(), JSON.stringify(s)).toBe(true);
          await marginsAnswered();
        }
      }),
      { numRuns: 8, seed: 20261122 },
    );
    // The sequences did real work: money went in, some came out, orders were made.
    const [charges] = await server.ctx.db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM charges WHERE status = 1',
    );
    const [paid] = await server.ctx.db.query<{ n: string }>('SELECT count(*)::text AS n FROM withdrawals');
    const [orders] = await server.ctx.db.query<{ n: string }>('SELECT count(*)::text AS n FROM orders');
    expect(steps).toBeGreaterThanOrEqual(80);
    expect(Number(charges?.n)).toBeGreaterThan(0);
    expect(Number(paid?.n)).toBeGreaterThan(0);
    expect(Number(orders?.n)).toBeGreaterThan(0);
    const history = (await traders[0]?.client.get<Paged<ChargeRecord>>('/api/quickCharge/quick_ist', { type: 0 }))
      ?.data;
    expect(history?.total).toBeGreaterThan(0);
    const draws = (await traders[0]?.client.get<Paged<WithdrawRecord>>('/api/account/draw_list', { type: 1 }))?.data;
    expect(draws).toBeDefined();
  });
});
