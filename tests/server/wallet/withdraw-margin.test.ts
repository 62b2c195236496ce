// A pending withdrawal sits in lock_balance next to the open orders' margins, but it is money on its way out:
// the stop-out must judge the margin and equity without it, or a frozen withdrawal would hide a losing position
// until the loss passes what the account holds. The invariant after every step: records sum to the balance,
// lock_balance = open margins + pending withdrawals, nothing negative.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppContext } from '../../../server/core/app-context.ts';
import type { Timers } from '../../../domain/time.ts';
import { OrderEngine } from '../../../server/engine/engine.ts';
import { userCredit } from '../../../server/ops/commands/deposits.ts';
import { WITHDRAW_COMMANDS } from '../../../server/ops/commands/withdrawals.ts';
import type { WithdrawCurrency, WithdrawMethod } from '../../../domain/wallet-types.ts';
import { dec } from '../../../domain/decimal.ts';
import {
  ledgerCheck,
  insertTestInstruments,
  PushRecorder,
  ScriptedMarket,
  TEST_INSTRUMENTS,
  marketBuy,
} from '../support/engine-helpers.ts';
import {
  registerAndLogin,
  startTestServer,
  type RegisteredUser,
  type TestServer,
  TEST_OPERATOR,
} from '../support/harness.ts';
import { noPayoutHold, withdrawCode } from '../support/withdraw-code.ts';
import { ledgerHolds } from '../support/ledger-invariant.ts';

const EUR = 9001;
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const buy = marketBuy;

let server: TestServer;
let engine: OrderEngine;
let market: ScriptedMarket;
let ctx: AppContext;

async function tick(price: string): Promise<void> {
  market.setPrice('TSTEUR', price);
  await engine.idle();
}

/** lock_balance = open margins + pending withdrawals; records sum to the balance; nothing negative. */
async function invariantHolds(userId: number): Promise<void> {
  const c = await ledgerCheck(ctx.db, userId);
  const [w] = await ctx.db.query<{ s: string }>(
    'SELECT COALESCE(sum(number), 0)::text AS s FROM withdrawals WHERE user_id = $1 AND status = 0',
    [userId],
  );
  expect(c.sumRecords).toBe(c.balance);
  expect(dec(c.lock).eq(dec(c.sumOpenMargins).plus(w?.s ?? '0')), JSON.stringify({ ...c, pending: w?.s })).toBe(true);
  expect(await ledgerHolds(ctx)).toBe(true);
}

async function withdraw(u: RegisteredUser, amount: string): Promise<number> {
  const [coin] = (await u.client.get<WithdrawCurrency[]>('/api/account/draw_symbol_list', { type: 1 })).data;
  await u.client.post('/api/wallet/bind_draw_method', { type: 1, draw_id: coin?.id ?? 0, dc_address: TRON });
  const [method] = (await u.client.get<WithdrawMethod[]>('/api/wallet/get_draw_method', { draw_type: 1 })).data;
  const res = await u.client.post('/api/account/draw', {
    ...(await withdrawCode(ctx, u.account)),
    draw_currency_id: coin?.id ?? 0,
    number: amount,
    draw_method_id: method?.id ?? 0,
  });
  expect(res.code, res.msg).toBe(1);
  const [row] = await ctx.db.query<{ id: string }>(
    'SELECT id FROM withdrawals WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
    [u.user.id],
  );
  return Number(row?.id);
}

async function orderRow(id: number) {
  const [row] = await ctx.db.query<{ status: number; close_reason: string; fact_profits: string }>(
    'SELECT status, close_reason, fact_profits FROM orders WHERE id = $1',
    [id],
  );
  return { status: Number(row?.status), reason: row?.close_reason, pnl: Number(row?.fact_profits) };
}

beforeAll(async () => {
  server = await startTestServer({ market: { manual: true } });
  await noPayoutHold(server.ctx); // the holds and the code have their own tests (account-security.test.ts)
  await insertTestInstruments(server.ctx.db);
  market = new ScriptedMarket(TEST_INSTRUMENTS);
  // Timers that never fire: the engine's account cache is refreshed by the trades themselves.
  const idleTimers: Timers = {
    setInterval: () => 0,
    clearInterval: () => undefined,
    setTimeout: () => 0,
    clearTimeout: () => undefined,
  };
  ctx = { ...server.ctx, timers: idleTimers, market, push: new PushRecorder() };
  engine = new OrderEngine(ctx, async () => TEST_INSTRUMENTS);
  await engine.start();
  market.setPrice('TSTEUR', '1.10000');
});

afterAll(async () => {
  await engine?.stop();
  await server?.close();
});

it('a pending withdrawal neither counts as margin nor delays a stop-out; rejecting it afterwards returns it whole', async () => {
  const u = await registerAndLogin(server);
  await userCredit.run(server.ctx, { user: u.account, amount: '2200' }, TEST_OPERATOR);
  const wid = await withdraw(u, '1000'); // available 1200, frozen 1000
  await invariantHolds(u.user.id);
  const o = await engine.submit(u.user.id, EUR, buy(), null); // margin 1100, fee 1.1: available 98.9
  await invariantHolds(u.user.id);
  expect(engine.marginOf(u.user.id).toFixed()).toBe('1100');

  await tick('1.09400'); // loss 600: equity 98.9 + 1100 − 600 = 598.9 → 54.4 %, still open
  expect((await orderRow(o.Id)).status).toBe(1);
  // Counting the frozen 1000 as margin would read (98.9 + 2100 − 700) / 2100 = 71 % here and keep the position.
  await tick('1.09300'); // loss 700: equity 498.9 → 45.4 %: stopped out
  expect(await orderRow(o.Id)).toEqual({ status: 3, reason: 'stop_out', pnl: -700 });
  const c = await ledgerCheck(ctx.db, u.user.id);
  expect([c.balance, c.lock]).toEqual(['498.9', '1000']);
  await invariantHolds(u.user.id);

  const reject = WITHDRAW_COMMANDS.find((x) => x.name === 'withdraw-reject');
  await reject?.run(server.ctx, { id: String(wid), reason: 'test' }, TEST_OPERATOR);
  const after = await ledgerCheck(ctx.db, u.user.id);
  expect([after.balance, after.lock]).toEqual(['1498.9', '0']);
  await invariantHolds(u.user.id);
  await tick('1.10000');
});

it('a paid withdrawal leaves the margin of open orders untouched', async () => {
  const u = await registerAndLogin(server);
  await userCredit.run(server.ctx, { user: u.account, amount: '1500' }, TEST_OPERATOR);
  const o = await engine.submit(u.user.id, EUR, buy({ cont: '0.5' }), null); // margin 550, fee 0.55
  const wid = await withdraw(u, '900'); // available 49.45
  await invariantHolds(u.user.id);
  const paid = WITHDRAW_COMMANDS.find((x) => x.name === 'withdraw-paid');
  await paid?.run(server.ctx, { id: String(wid) }, TEST_OPERATOR);
  const c = await ledgerCheck(ctx.db, u.user.id);
  expect([c.balance, c.lock, c.sumOpenMargins]).toEqual(['49.45', '550', '550']);
  await invariantHolds(u.user.id);
  expect((await orderRow(o.Id)).status).toBe(1);
  await engine.close(u.user.id, o.Id);
  await invariantHolds(u.user.id);
});
