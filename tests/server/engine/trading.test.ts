// The trading routes over real HTTP on the real server (scripted simulator prices, manual clock): every rejection
// with its message and nothing written, the order lifecycle through my_deal, stops, pending, idempotency, races,
// ownership, the funds routes and the demo reset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult, Order, OrderList } from '../../../domain/types.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import hk from '../../../locales/hk.json' with { type: 'json' };
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import {
  api,
  countRows,
  manualClock,
  registerAndLogin,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '../support/harness.ts';

const clock = manualClock(); // a Tuesday, 12:00 UTC: every market open
let server: TestServer;
let market: { setPrice(code: string, price: string): unknown };

const EURUSD = 1; // leveraged, 100000 units, ×10…×200, fee 0.002 of margin, 5 decimals
const XAGUSD = 15; // fixed margin 500 per lot
const USDHKD = 13; // no leverage offered
const TABLES = ['orders', 'financial_records', 'accounts', 'order_idempotency', 'order_event_seq'] as const;

async function price(code: string, p: string): Promise<void> {
  market.setPrice(code, p);
  await server.ctx.engine.idle();
}

/** A registered user with `amount` USD on the account. */
async function trader(amount = '100000'): Promise<{ id: number; client: ApiClient }> {
  const u = await registerAndLogin(server, { clock });
  await move(server.ctx.db, u.user.id, {
    balance: amount,
    type: RecordType.MEMO,
    memo: 'test deposit',
    at: clock.now(),
  });
  return { id: u.user.id, client: u.client };
}

const buy = (over: Record<string, string | number> = {}) => ({
  type: 1,
  cont: '0.1',
  forex_id: EURUSD,
  status: 1,
  multiple: 100,
  ...over,
});

beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true } });
  const m = server.ctx.market as unknown as Partial<typeof market>;
  if (typeof m.setPrice !== 'function') throw new Error('the test market has no setPrice');
  market = m as typeof market;
  await price('EURUSD', '1.08500');
  await price('XAGUSD', '28.500');
  await price('USDHKD', '7.8200');
});

afterAll(async () => {
  await server?.close();
});

describe('session', () => {
  it.each([
    ['/v1/api/forex/submit', buy()],
    ['/v1/api/forex/my_deal', { status: 1 }],
    ['/v1/api/forex/close', { id: 1 }],
    ['/v1/api/forex/cancel_trade', { id: 1 }],
    ['/v1/api/forex/set_stop_price', { id: 1 }],
    ['/v1/api/main/account/forexDetail', {}],
    ['/v1/api/main/accountLog/forexChange', { page: 1 }],
  ])('%s needs a session (999)', async (path, params) => {
    const r = await api(server.baseUrl).get(path, params);
    expect(r.code).toBe(999);
    const bad = await api(server.baseUrl, { token: 'not-a-token' }).get(path, params);
    expect(bad.code).toBe(999);
  });
});

describe('submit rejections: a clear message and nothing written', () => {
  let t: { id: number; client: ApiClient };
  beforeAll(async () => {
    t = await trader('1000');
  });

  it.each([
    ['no multiplier offered', buy({ forex_id: USDHKD, multiple: 0 }), en.errors.no_leverage],
    ['multiplier not offered', buy({ multiple: 30 }), en.errors.multiple_invalid],
    ['leveraged without a multiplier', buy({ multiple: 0 }), en.errors.multiple_invalid],
    ['lots below the minimum', buy({ cont: '0.001' }), 'The minimum is 0.01 lots'],
    ['lots not a multiple of Pip', buy({ cont: '0.015' }), 'The number of lots must be a multiple of 0.01'],
    ['zero lots', buy({ cont: '0' }), en.errors.lots_invalid],
    ['negative lots', buy({ cont: '-0.1' }), en.errors.lots_invalid],
    ['exponent lots', buy({ cont: '1e2' }), en.errors.lots_invalid],
    ['absurd lots', buy({ cont: '99999999' }), 'The number of lots can be at most 10000'],
    ['unknown instrument', buy({ forex_id: 99999 }), en.errors.instrument_not_found],
    ['pending without a price', buy({ status: 0 }), en.errors.price_required],
    ['pending at the market price', buy({ status: 0, target_price: '1.08500' }), en.errors.target_price_at_market],
    ['pending absurdly far', buy({ status: 0, target_price: '50' }), en.errors.target_price_far],
    [
      'price with too many decimals',
      buy({ status: 0, target_price: '1.0800001' }),
      'Prices can have at most 5 decimals',
    ],
    ['buy stop-loss above the price', buy({ stop_loss_price: '1.09000' }), en.errors.stop_loss_below],
    ['buy stop-profit below the price', buy({ target_profit_price: '1.08000' }), en.errors.stop_profit_above],
    ['sell stop-loss below the price', buy({ type: 2, stop_loss_price: '1.08000' }), en.errors.stop_loss_above],
    ['sell stop-profit above the price', buy({ type: 2, target_profit_price: '1.09000' }), en.errors.stop_profit_below],
    ['a stop that is not a number', buy({ stop_loss_price: 'abc' }), en.errors.stop_price_invalid],
    ['insufficient balance', buy({ cont: '10' }), undefined], // margin 10 850 > 1 000
  ])('%s', async (_name, params, message) => {
    const before = await countRows(server.ctx, TABLES);
    const r = await t.client.get<Order>('/v1/api/forex/submit', params);
    expect(r.code).toBe(0);
    if (message) expect(r.msg).toBe(message);
    else expect(r.msg.length).toBeGreaterThan(3);
    expect(await countRows(server.ctx, TABLES)).toEqual(before);
  });

  it.each([
    ['bad type', buy({ type: 3 })],
    ['bad status', buy({ status: 2 })],
    ['missing lots', { type: 1, forex_id: EURUSD, status: 1, multiple: 100 }],
    ['non-numeric forex_id', buy({ forex_id: 'x' })],
  ])('schema: %s', async (_name, params) => {
    const before = await countRows(server.ctx, TABLES);
    const r = await t.client.get('/v1/api/forex/submit', params);
    expect(r.code).toBe(0);
    expect(r.msg).not.toBe('');
    expect(await countRows(server.ctx, TABLES)).toEqual(before);
  });

  it('closed market (Saturday)', async () => {
    const before = await countRows(server.ctx, TABLES);
    const now = clock.now();
    clock.set(Date.UTC(2026, 0, 10, 12, 0, 0)); // Saturday
    const r = await t.client.get('/v1/api/forex/submit', buy());
    clock.set(now);
    expect(r.code).toBe(0);
    expect(r.msg).toBe(en.errors.market_closed);
    expect(await countRows(server.ctx, TABLES)).toEqual(before);
  });

  it('messages follow the lang header (traditional Chinese by default)', async () => {
    const r = await t.client.withLang('hk').get('/v1/api/forex/submit', buy({ multiple: 30 }));
    expect(r.msg).toBe(hk.errors.multiple_invalid);
    const none = await t.client.withLang(null).get('/v1/api/forex/submit', buy({ forex_id: USDHKD }));
    expect(none.msg).toBe(hk.errors.no_leverage);
  });

  it('a malformed idempotency-key header is refused', async () => {
    const r = await fetch(
      `${server.baseUrl}/v1/api/forex/submit?${new URLSearchParams(Object.entries(buy()).map(([k, v]) => [k, String(v)]))}`,
      {
        headers: {
          authorization: (await registerAndLogin(server, { clock })).token,
          lang: 'en',
          'idempotency-key': 'bad key!',
        },
      },
    );
    const body = (await r.json()) as { code: number; msg: string };
    expect(body.code).toBe(0);
    expect(body.msg).toBe(en.errors.idempotency_key_invalid);
  });
});

describe('an order from submit to history', () => {
  it('market buy → holding with live P&L → stops → stop-profit → history; the balance moves by P&L − fee', async () => {
    const t = await trader('10000');
    const placed = await t.client.get<Order>('/v1/api/forex/submit', buy());
    expect(placed.code).toBe(1);
    const o = placed.data;
    // 0.1 × 100000 × 1.085 / 100 = 108.5 margin; fee 0.002 × 108.5 = 0.217
    expect(o).toMatchObject({
      ForexId: EURUSD,
      OrderType: 1,
      Quantity: '0.1',
      Multiple: 100,
      Price: '1.08500',
      OriginPrice: '1.08500',
      CautionMoney: '108.500000',
      TradeFee: '0.217000',
      Status: 1,
      TargetLossPrice: '0',
      TargetProfitPrice: '0',
      CloseReason: '',
      CompleteTimeHandler: '',
    });
    expect(o.ForexTradeLists).toEqual({ ShowCode: 'EUR/USD', Code: 'EURUSD', PricePrecision: 5 });
    expect(new Date(o.CreateTimeHandler).getTime()).toBe(clock.now());

    await price('EURUSD', '1.08620');
    const holding = await t.client.get<OrderList>('/v1/api/forex/my_deal', { status: 1, page: 1 });
    expect(holding.data.total).toBe(1);
    const h = holding.data.data[0];
    expect(h?.FactProfits).toBe('12.000000'); // (1.0862 − 1.085) × 0.1 × 100000
    expect(h?.UpdatePrice).toBe('1.08620');
    expect(holding.data.all_fact_profits).toBe('12.000000');
    expect(holding.data.balance).toBe('9891.283'); // 10000 − 108.5 − 0.217
    const keys = [
      'Id',
      'ForexTradeLists',
      'OrderType',
      'Quantity',
      'Price',
      'OriginPrice',
      'UpdatePrice',
      'FactProfits',
      'CautionMoney',
      'TradeFee',
      'TargetLossPrice',
      'TargetProfitPrice',
      'Status',
      'CreateTimeHandler',
      'CompleteTimeHandler',
    ];
    for (const k of keys) expect(h).toHaveProperty(k);

    const stops = await t.client.get<Order>('/v1/api/forex/set_stop_price', {
      id: o.Id,
      target_profit_price: '1.08700',
      stop_loss_price: '1.08400',
    });
    expect(stops.code).toBe(1);
    expect(stops.data.TargetProfitPrice).toBe('1.08700');
    const wrong = await t.client.get('/v1/api/forex/set_stop_price', { id: o.Id, target_profit_price: '1.08600' });
    expect(wrong.msg).toBe(en.errors.stop_profit_above);

    await price('EURUSD', '1.08699');
    expect((await t.client.get<OrderList>('/v1/api/forex/my_deal', { status: 1 })).data.total).toBe(1);
    await price('EURUSD', '1.08710'); // crosses the stop-profit: closes at this tick
    expect((await t.client.get<OrderList>('/v1/api/forex/my_deal', { status: 1 })).data.total).toBe(0);
    const history = await t.client.get<OrderList>('/v1/api/forex/my_deal', { status: 3 });
    const done = history.data.data[0];
    expect(done).toMatchObject({
      Id: o.Id,
      Status: 3,
      CloseReason: 'stop_profit',
      UpdatePrice: '1.08710',
      FactProfits: '21.000000',
    });
    expect(done?.CompleteTimeHandler).not.toBe('');
    expect(history.data.all_fact_profits).toBe('21.000000');
    // Balance = 10000 − fee + realised P&L, exactly.
    const bal = await t.client.get<{ balance: string; lock_balance: string }>('/v1/api/main/wallet/getBalance');
    expect(bal.data).toEqual({ balance: '10020.783', lock_balance: '0.00', margin: '0.00' });
    await price('EURUSD', '1.08500');
  });

  it('a pending order far from the price rests under pending, then is cancelled into history', async () => {
    const t = await trader('10000');
    const placed = await t.client.get<Order>('/v1/api/forex/submit', buy({ status: 0, target_price: '1.00000' }));
    expect(placed.data.Status).toBe(0);
    expect(placed.data.CautionMoney).toBe('100.000000'); // at the target price
    await price('EURUSD', '1.08000');
    const pending = await t.client.get<OrderList>('/v1/api/forex/my_deal', { status: 0 });
    expect(pending.data.data.map((o) => o.Id)).toEqual([placed.data.Id]);
    expect(pending.data.all_fact_profits).toBe('0.000000');
    const cancelled = await t.client.get<Order>('/v1/api/forex/cancel_trade', { id: placed.data.Id });
    expect(cancelled.data).toMatchObject({ Status: 3, CloseReason: 'cancel' });
    const again = await t.client.get('/v1/api/forex/cancel_trade', { id: placed.data.Id });
    expect(again.msg).toBe(en.errors.order_not_pending);
    const bal = await t.client.get<{ balance: string; lock_balance: string }>('/v1/api/main/wallet/getBalance');
    expect(bal.data).toEqual({ balance: '10000.00', lock_balance: '0.00', margin: '0.00' });
    await price('EURUSD', '1.08500');
  });

  it('a fixed-margin order locks lots × ForexContNum', async () => {
    const t = await trader('10000');
    const r = await t.client.get<Order>('/v1/api/forex/submit', {
      type: 2,
      cont: '0.5',
      forex_id: XAGUSD,
      status: 1,
      multiple: 1,
    });
    expect(r.data).toMatchObject({ CautionMoney: '250.000000', Multiple: 0, Price: '28.500', OrderType: 2 });
    await price('XAGUSD', '28.400');
    const closed = await t.client.get<Order>('/v1/api/forex/close', { id: r.data.Id });
    expect(closed.data.FactProfits).toBe('25.000000'); // (28.5 − 28.4) × 0.5 × 500
    await price('XAGUSD', '28.500');
  });

  it('my_deal pages by 20', async () => {
    const t = await trader('100000');
    for (let i = 0; i < 21; i++) await t.client.get('/v1/api/forex/submit', buy({ cont: '0.01' }));
    const p1 = await t.client.get<OrderList>('/v1/api/forex/my_deal', { status: 1, page: 1 });
    const p2 = await t.client.get<OrderList>('/v1/api/forex/my_deal', { status: 1, page: 2 });
    expect(p1.data.total).toBe(21);
    expect(p1.data.data).toHaveLength(20);
    expect(p2.data.data).toHaveLength(1);
    const ids = [...p1.data.data, ...p2.data.data].map((o) => o.Id);
    expect(new Set(ids).size).toBe(21);
    expect(ids).toEqual([...ids].sort((a, b) => b - a)); // newest first
  });
});

describe('concurrency and ownership over HTTP', () => {
  it('an idempotent retry (even concurrent) opens one order and returns the first answer', async () => {
    const u = await registerAndLogin(server, { clock });
    await move(server.ctx.db, u.user.id, {
      balance: '10000',
      type: RecordType.MEMO,
      memo: 'test deposit',
      at: clock.now(),
    });
    const send = () =>
      fetch(
        `${server.baseUrl}/v1/api/forex/submit?${new URLSearchParams({ type: '1', cont: '0.1', forex_id: '1', status: '1', multiple: '100' })}`,
        {
          headers: { authorization: u.token, lang: 'en', 'idempotency-key': 'order-2026-01-06-a' },
        },
      ).then((r) => r.json() as Promise<{ code: number; data: Order }>);
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send();
    expect([a.code, b.code, c.code]).toEqual([1, 1, 1]);
    expect(b.data).toEqual(a.data);
    expect(c.data).toEqual(a.data);
    const rows = await server.ctx.db.query('SELECT id FROM orders WHERE user_id = $1', [u.user.id]);
    expect(rows).toHaveLength(1);
  });

  it('two concurrent closes realise once', async () => {
    const t = await trader('10000');
    const o = (await t.client.get<Order>('/v1/api/forex/submit', buy())).data;
    await price('EURUSD', '1.08400');
    const [a, b] = await Promise.all([
      t.client.get<Order>('/v1/api/forex/close', { id: o.Id }),
      t.client.get<Order>('/v1/api/forex/close', { id: o.Id }),
    ]);
    expect([a.code, b.code].sort()).toEqual([0, 1]);
    expect([a, b].find((r) => r.code === 0)?.msg).toBe(en.errors.order_not_holding);
    const profits = await server.ctx.db.query('SELECT value FROM financial_records WHERE user_id = $1 AND type = 25', [
      t.id,
    ]);
    expect(profits).toHaveLength(1);
    const bal = await t.client.get<{ balance: string }>('/v1/api/main/wallet/getBalance');
    expect(bal.data.balance).toBe('9989.783'); // 10000 − 0.217 − 10
    await price('EURUSD', '1.08500');
  });

  it("another user's order is refused for close, cancel and set_stop_price", async () => {
    const owner = await trader('10000');
    const other = await trader('10000');
    const held = (await owner.client.get<Order>('/v1/api/forex/submit', buy())).data;
    const pend = (await owner.client.get<Order>('/v1/api/forex/submit', buy({ status: 0, target_price: '1.00000' })))
      .data;
    const before = await countRows(server.ctx, TABLES);
    for (const [path, params] of [
      ['/v1/api/forex/close', { id: held.Id }],
      ['/v1/api/forex/cancel_trade', { id: pend.Id }],
      ['/v1/api/forex/set_stop_price', { id: held.Id, target_profit_price: '1.2' }],
    ] as const) {
      const r = await other.client.get(path, params);
      expect(r.code).toBe(0);
      expect(r.msg).toBe(en.errors.order_not_found);
    }
    expect(await countRows(server.ctx, TABLES)).toEqual(before);
    const mine = await other.client.get<OrderList>('/v1/api/forex/my_deal', { status: 1 });
    expect(mine.data.total).toBe(0);
  });
});

describe('funds', () => {
  it('forexDetail: balance, locked margin, floating P&L, equity and risk rate', async () => {
    const t = await trader('1000');
    await t.client.get('/v1/api/forex/submit', buy()); // margin 108.5, fee 0.217
    await price('EURUSD', '1.08450'); // floating −5
    const d = await t.client.get<Record<string, unknown>>('/v1/api/main/account/forexDetail');
    // equity = 891.283 + 108.5 − 5 = 994.783; risk = 994.783 / 108.5 = 916.85 %
    expect(d.data).toEqual({
      currency: 'USD',
      balance: '891.283',
      lock_balance: '108.50',
      margin: '108.50',
      floating: '-5.000000',
      equity: '994.783000',
      risk_rate: '916.85',
      margin_call_level: '100.00', // the dealer's level (docs/trading.md "Margin call")
    });
    await price('EURUSD', '1.08500');
  });

  it('forexChange lists the records, newest first, described in the request language', async () => {
    const t = await trader('1000');
    const o = (await t.client.get<Order>('/v1/api/forex/submit', buy())).data;
    await t.client.get('/v1/api/forex/close', { id: o.Id });
    type Rec = { Value: string; Type: number; Memo: string; MemoTran: string; CreatedAtTran: string };
    const r = await t.client.get<{ list: Rec[]; total: number }>('/v1/api/main/accountLog/forexChange', { page: 1 });
    expect(r.data.total).toBe(4); // deposit, margin, fee, release (P&L 0 writes nothing)
    expect(r.data.list.map((x) => [x.Type, x.Value])).toEqual([
      [22, '108.50'],
      [23, '-0.217'],
      [21, '-108.50'],
      [10, '1000.00'],
    ]);
    expect(r.data.list[0]?.MemoTran).toBe(`Margin released EURUSD #${o.Id}`);
    expect(r.data.list[3]?.MemoTran).toBe('test deposit');
    expect(r.data.list[0]?.CreatedAtTran).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const zh = await t.client.withLang('hk').get<{ list: Rec[] }>('/v1/api/main/accountLog/forexChange', {});
    expect(zh.data.list[1]?.MemoTran).toBe(`手續費 EURUSD #${o.Id}`);
    const sum = r.data.list.reduce((s, x) => s + Number(x.Value), 0);
    const bal = await t.client.get<{ balance: string }>('/v1/api/main/wallet/getBalance');
    expect(sum.toFixed(3)).toBe(Number(bal.data.balance).toFixed(3));
  });
});

describe('demo reset', () => {
  it('clears the demo user’s orders and the engine forgets them', async () => {
    const demo = await api(server.baseUrl, { lang: 'en' }).get<LoginResult>('/api/user/createAccountDemoForU', {
      demo_id: 'demo-trading-test-1',
    });
    expect(demo.code).toBe(1);
    const c = api(server.baseUrl, { lang: 'en', token: demo.data.token });
    const o = (await c.get<Order>('/v1/api/forex/submit', buy({ stop_loss_price: '1.08000' }))).data;
    await c.get('/v1/api/forex/submit', buy({ status: 0, target_price: '1.05000' }));
    const reset = await c.get('/v1/api/main/user/resetForexDemoAccount');
    expect(reset.code).toBe(1);
    expect((await c.get<OrderList>('/v1/api/forex/my_deal', { status: 1 })).data.total).toBe(0);
    expect((await c.get<OrderList>('/v1/api/forex/my_deal', { status: 0 })).data.total).toBe(0);
    expect((await c.get<{ balance: string; lock_balance: string }>('/v1/api/main/wallet/getBalance')).data).toEqual({
      balance: '100000.00',
      lock_balance: '0.00',
      margin: '0.00', // the engine forgot the margins too
    });
    await price('EURUSD', '1.07000'); // would have hit the deleted order's stop and filled the deleted pending one
    expect(server.ctx.engine.book.get(o.Id)).toBeUndefined();
    const records = await server.ctx.db.query(
      'SELECT count(*) AS n FROM financial_records WHERE user_id = $1 AND type = 25',
      [demo.data.user.id],
    );
    expect(Number((records[0] as { n: string }).n)).toBe(0);
    await price('EURUSD', '1.08500');
  });
});
