// set_pending_price over real HTTP (docs/trading.md "Moving a pending order"): the target moves with its margin and
// fee made again through the ledger in one transaction; another user's order, a holding one, a bad price, stops left
// on the wrong side and a halted instrument are each refused with their message and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderList } from '../../../domain/types.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { expectLedgerInvariants } from '../support/engine-helpers.ts';
import {
  countRows,
  manualClock,
  registerAndLogin,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../support/harness.ts';

const clock = manualClock(); // a Tuesday, 12:00 UTC: every market open
let server: TestServer;
interface TestMarket {
  setPrice(code: string, price: string): unknown;
  sim: { setDeskFlags(code: string, stale: boolean, halt: string | null): void };
}
let market: TestMarket;

const EURUSD = 1; // leveraged, 100000 units a lot, fee 0.002 of margin, 5 decimals
const PATH = '/v1/api/forex/set_pending_price';
const TABLES = ['orders', 'financial_records', 'accounts'] as const;

async function price(code: string, p: string): Promise<void> {
  market.setPrice(code, p);
  await server.ctx.engine.idle();
}

async function trader(amount = '10000'): Promise<{ id: number; client: ApiClient }> {
  const u = await registerAndLogin(server, { clock });
  await move(server.ctx.db, u.user.id, {
    balance: amount,
    type: RecordType.MEMO,
    memo: 'test deposit',
    at: clock.now(),
  });
  return { id: u.user.id, client: u.client };
}

/** A pending buy of 0.1 lot at ×100 below the market (1.08500). */
async function pendingBuy(t: { client: ApiClient }, over: Record<string, string> = {}): Promise<Order> {
  const r = await t.client.get<Order>('/v1/api/forex/submit', {
    type: 1,
    cont: '0.1',
    forex_id: EURUSD,
    status: 0,
    multiple: 100,
    target_price: '1.08000',
    ...over,
  });
  expect(r.code).toBe(1);
  return r.data;
}

beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true } });
  market = server.ctx.market as unknown as TestMarket;
  await price('EURUSD', '1.08500');
});

afterAll(async () => {
  await server?.close();
});

describe('set_pending_price', () => {
  it('moves the target, makes margin and fee again at the new price through the ledger, and fills there', async () => {
    const t = await trader();
    const o = await pendingBuy(t);
    expect(o.CautionMoney).toBe('108.000000'); // 0.1 × 100000 × 1.08 / 100
    const moved = await t.client.get<Order>(PATH, { id: o.Id, price: '1.07000' });
    expect(moved.code).toBe(1);
    expect(moved.data).toMatchObject({ Id: o.Id, Status: 0, Price: '1.07000', CautionMoney: '107.000000' });
    expect(moved.data.TradeFee).toBe('0.214000');
    const recs = await server.ctx.db.query<{ type: number; value: string }>(
      'SELECT type, value FROM financial_records WHERE user_id = $1 ORDER BY id',
      [t.id],
    );
    // deposit, lock 108, fee 0.216, then the change: 1 released, 0.002 of fee refunded
    expect(recs.map((r) => [Number(r.type), Number(r.value)])).toEqual([
      [RecordType.MEMO, 10000],
      [RecordType.MARGIN_LOCK, -108],
      [RecordType.TRADE_FEE, -0.216],
      [RecordType.MARGIN_RELEASE, 1],
      [RecordType.FEE_REFUND, 0.002],
    ]);
    await expectLedgerInvariants(server.ctx.db, t.id);

    // The same request again (a retry) answers the same order and moves no money.
    const again = await t.client.get<Order>(PATH, { id: o.Id, price: '1.07000' });
    expect(again.data.Price).toBe('1.07000');
    const count = await server.ctx.db.query('SELECT id FROM financial_records WHERE user_id = $1', [t.id]);
    expect(count).toHaveLength(5);

    // The order now fills at its new target, not at the old one.
    await price('EURUSD', '1.07900');
    expect((await t.client.get<OrderList>('/v1/api/forex/my_deal', { status: 1 })).data.total).toBe(0);
    await price('EURUSD', '1.06990');
    const held = await t.client.get<OrderList>('/v1/api/forex/my_deal', { status: 1 });
    expect(held.data.data[0]).toMatchObject({ Id: o.Id, Status: 1 });
    await t.client.get('/v1/api/forex/close', { id: o.Id });
    await price('EURUSD', '1.08500');
    await expectLedgerInvariants(server.ctx.db, t.id);
  });

  it("refuses another user's order, a holding order, a bad price and stops left on the wrong side", async () => {
    const owner = await trader();
    const other = await trader();
    const pend = await pendingBuy(owner, { stop_loss_price: '1.07500' });
    const held = (
      await owner.client.get<Order>('/v1/api/forex/submit', {
        type: 1,
        cont: '0.1',
        forex_id: EURUSD,
        status: 1,
        multiple: 100,
      })
    ).data;
    const before = await countRows(server.ctx, TABLES);
    const cases: Array<[ApiClient, Record<string, string | number>, string]> = [
      [other.client, { id: pend.Id, price: '1.07900' }, en.errors.order_not_found],
      [owner.client, { id: held.Id, price: '1.07900' }, en.errors.order_not_pending],
      [owner.client, { id: pend.Id, price: 'abc' }, en.errors.target_price_invalid],
      [owner.client, { id: pend.Id, price: '-1' }, en.errors.target_price_invalid],
      [owner.client, { id: pend.Id, price: '1.079001' }, en.errors.price_precision.replace('{{places}}', '5')],
      [owner.client, { id: pend.Id, price: '9.00000' }, en.errors.target_price_far],
      [owner.client, { id: pend.Id, price: '1.08500' }, en.errors.target_price_at_market],
      // the stop-loss 1.07500 would sit above a buy's target of 1.07400
      [owner.client, { id: pend.Id, price: '1.07400' }, en.errors.stop_loss_below],
    ];
    for (const [client, params, msg] of cases) {
      const r = await client.get(PATH, params);
      expect(r.code, JSON.stringify(params)).toBe(0);
      expect(r.msg, JSON.stringify(params)).toBe(msg);
    }
    expect(await countRows(server.ctx, TABLES)).toEqual(before);
    const still = await owner.client.get<OrderList>('/v1/api/forex/my_deal', { status: 0 });
    expect(still.data.data.find((x) => x.Id === pend.Id)?.Price).toBe('1.08000');
    await owner.client.get('/v1/api/forex/close', { id: held.Id });
  });

  it('refuses a halted instrument with its reason, and moves again once resumed', async () => {
    const t = await trader();
    const pend = await pendingBuy(t);
    const before = await countRows(server.ctx, TABLES);
    const reason = 'Price check';
    market.sim.setDeskFlags('EURUSD', false, reason);
    try {
      const r = await t.client.get(PATH, { id: pend.Id, price: '1.07900' });
      expect(r.code).toBe(0);
      expect(r.msg).toBe(en.errors.instrument_halted.replace('{{reason}}', reason));
      expect(await countRows(server.ctx, TABLES)).toEqual(before);
    } finally {
      market.sim.setDeskFlags('EURUSD', false, null);
    }
    expect((await t.client.get<Order>(PATH, { id: pend.Id, price: '1.07900' })).data.Price).toBe('1.07900');
  });
});
